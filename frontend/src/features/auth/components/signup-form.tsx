import { useState, type SubmitEvent } from 'react';

import { useSignupMutation } from '../api/account';
import { credentialFields } from '../lib/credentials';
import { authMessages, MIN_PASSWORD_CHARS, warning } from '../lib/messages';
import { EmailField } from './email-field';
import { FormMessages } from './form-message';
import { PasswordField } from './password-field';

import '@/components/ui/form.css';
import '../auth.css';

interface SignupFormProps {
  /** Called once the account exists, the customer is signed in and the profile is saved. */
  onSignedUp: () => void;
}

/**
 * E-mail and password sign-up. A refusal the shopper can fix (400: a malformed e-mail or a short password;
 * 409: the e-mail is already registered) shows the server's message; anything else shows '⚠️ Failed to
 * sign up. Please try again.'.
 */
export function SignupForm({ onSignedUp }: SignupFormProps) {
  const signup = useSignupMutation();
  const [error, setError] = useState('');

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = credentialFields.parse(Object.fromEntries(new FormData(event.currentTarget)));
    setError('');
    const reply = await signup.mutateAsync(credentials);
    if (reply.kind === 'done') {
      onSignedUp();
      return;
    }
    const fixable = reply.kind === 'refused' && (reply.status === 400 || reply.status === 409) && reply.message;
    setError(fixable ? warning(fixable) : authMessages.signupFailed);
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)}>
      <EmailField />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_CHARS} characters.`}
      />
      <FormMessages error={error} />
      <button type="submit" className="button auth-form__submit" disabled={signup.isPending} aria-busy={signup.isPending}>
        Sign Up
      </button>
    </form>
  );
}

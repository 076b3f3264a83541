import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';

import { MAX_NAME_CHARS } from '@/api/rules/auth.gen';
import accountTexts from '@/i18n/en/account.json';
import { useMessages } from '@/lib/i18n';

import { useSignupMutation } from '../api/account';
import { credentialFields } from '../lib/credentials';
import { authMessages, MIN_PASSWORD_CHARS, warning } from '../lib/messages';
import { loginHrefFor } from '../lib/return-to';
import { EmailField } from './email-field';
import { FormMessages } from './form-message';
import { PasswordField } from './password-field';

import '@/components/ui/form.css';
import '../auth.css';

interface SignupFormProps {
  /** Called once the account exists, the customer is signed in and the profile is saved. */
  onSignedUp: () => void;
  /** Where the shopper goes afterwards, carried by the login link offered for an e-mail already registered. */
  returnPath?: string;
}

const nameField = z.object({ name: z.string().check(z.trim()) });

/**
 * E-mail, password and the shopper's name (so no screen ever calls them 'Customer'). A refusal the shopper can
 * fix shows the server's message: a taken e-mail beside the e-mail field, with a link to log in instead that
 * keeps the e-mail and the way back; a malformed e-mail or a short password under the form. Anything else
 * shows '⚠️ Failed to sign up. Please try again.'.
 */
export function SignupForm({ onSignedUp, returnPath = '/' }: SignupFormProps) {
  const t = useMessages(accountTexts, 'account');
  const signup = useSignupMutation();
  const [error, setError] = useState('');
  const [taken, setTaken] = useState<{ email: string; message: string } | null>(null);
  const nameId = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    const credentials = credentialFields.parse(fields);
    const { name } = nameField.parse(fields);
    setError('');
    setTaken(null);
    const reply = await signup.mutateAsync({ ...credentials, name });
    if (reply.kind === 'done') {
      onSignedUp();
      return;
    }
    if (reply.kind === 'refused' && reply.status === 409) {
      setTaken({ email: credentials.email, message: reply.message ?? t.emailTaken() });
      return;
    }
    const fixable = reply.kind === 'refused' && reply.status === 400 && reply.message;
    setError(fixable ? warning(fixable) : authMessages.signupFailed);
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)}>
      <div className="form-field">
        <label htmlFor={nameId}>{t.yourName()}</label>
        <input id={nameId} name="name" type="text" autoComplete="name" required maxLength={MAX_NAME_CHARS} />
      </div>
      <EmailField
        problem={
          taken && (
            <>
              {taken.message} <Link to={loginHrefFor(taken.email, returnPath)}>{t.loginWithEmail()}</Link>
            </>
          )
        }
      />
      <PasswordField
        label={t.password()}
        name="password"
        autoComplete="new-password"
        required
        hint={t.minPassword({ min: MIN_PASSWORD_CHARS })}
      />
      <FormMessages error={error} />
      <button type="submit" className="button auth-form__submit" disabled={signup.isPending} aria-busy={signup.isPending}>
        {t.signUp()}
      </button>
    </form>
  );
}

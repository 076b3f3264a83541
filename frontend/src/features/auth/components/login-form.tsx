import { useState, type ReactNode, type SubmitEvent } from 'react';

import accountTexts from '@/i18n/en/account.json';
import { useMessages } from '@/lib/i18n';

import { useLoginMutation } from '../api/account';
import { credentialFields } from '../lib/credentials';
import { authMessages, warning } from '../lib/messages';
import { EmailField } from './email-field';
import { FormMessages } from './form-message';
import { PasswordField } from './password-field';

import '@/components/ui/form.css';
import '../auth.css';

interface LoginFormProps {
  /** Called once the server has signed the customer in and the profile is saved. */
  onLoggedIn: () => void;
  /** The e-mail to start with (a sign-up that found it registered links here with it). */
  defaultEmail?: string;
  /** Shown under the Login button, inside the card (the login page's 'Create an account'). */
  children?: ReactNode;
}

/**
 * E-mail and password login (docs/spec.md §2 'Login, sign-up, reset'). Wrong credentials show '⚠️ Invalid email
 * or password.'; too many attempts show the server's own message (when to try again); no answer at all
 * says the shop could not be reached.
 */
export function LoginForm({ onLoggedIn, defaultEmail, children }: LoginFormProps) {
  const t = useMessages(accountTexts, 'account');
  const login = useLoginMutation();
  const [error, setError] = useState('');

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = credentialFields.parse(Object.fromEntries(new FormData(event.currentTarget)));
    setError('');
    const reply = await login.mutateAsync(credentials);
    if (reply.kind === 'done') {
      onLoggedIn();
      return;
    }
    if (reply.kind === 'unreachable') setError(authMessages.unreachable);
    else if (reply.status === 429 && reply.message) setError(warning(reply.message));
    else setError(authMessages.loginFailed);
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)}>
      <EmailField autoComplete="username" defaultValue={defaultEmail} />
      <PasswordField label={t.password()} name="password" autoComplete="current-password" required />
      <FormMessages error={error} />
      <button type="submit" className="button auth-form__submit" disabled={login.isPending} aria-busy={login.isPending}>
        {t.login()}
      </button>
      {children}
    </form>
  );
}

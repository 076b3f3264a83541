import { useId, useState, type SubmitEvent } from 'react';
import * as z from 'zod/mini';

import { useAdminLoginMutation } from '../api/admin-login';
import { adminAuthMessages } from '../lib/messages';

const loginFields = z.object({ email: z.string().check(z.trim()), password: z.string() });

interface AdminLoginFormProps {
  /** Called once the server has set the admin cookie. */
  onLoggedIn: () => void;
}

/**
 * E-mail and password for the shop's one admin (docs/spec.md §2 'Admin'). A refusal shows the server's message
 * (wrong password, too many attempts), else 'Login failed'; no answer at all shows 'Something went wrong.'.
 */
export function AdminLoginForm({ onLoggedIn }: AdminLoginFormProps) {
  const login = useAdminLoginMutation();
  const [error, setError] = useState('');
  const emailId = useId();
  const passwordId = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = loginFields.parse(Object.fromEntries(new FormData(event.currentTarget)));
    setError('');
    const reply = await login.mutateAsync(credentials);
    if (reply.kind === 'done') {
      onLoggedIn();
      return;
    }
    setError(reply.kind === 'unreachable' ? adminAuthMessages.loginUnreachable : (reply.message ?? adminAuthMessages.loginFailed));
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)}>
      <div className="form-field">
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} name="email" type="email" autoComplete="username" inputMode="email" required spellCheck={false} />
      </div>
      <div className="form-field">
        <label htmlFor={passwordId}>Password</label>
        <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
      </div>
      <p className="admin-message admin-message--error" role="alert">
        {error}
      </p>
      <button type="submit" className="button admin-form__submit" disabled={login.isPending} aria-busy={login.isPending}>
        Login
      </button>
    </form>
  );
}

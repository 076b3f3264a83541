import { useState, type ReactNode, type SubmitEvent } from 'react';
import * as z from 'zod/mini';

import accountTexts from '@/i18n/en/account.json';
import { useMessages } from '@/lib/i18n';

import { useConfirmPasswordResetMutation } from '../api/account';
import { authMessages, isPasswordTooShort, MIN_PASSWORD_CHARS } from '../lib/messages';
import { FormMessages } from './form-message';
import { PasswordField } from './password-field';

import '@/components/ui/form.css';
import '../auth.css';

const passwordFields = z.object({ password: z.string(), confirm: z.string() });

interface ResetPasswordFormProps {
  /** The token from the e-mail's link. */
  token: string;
  /** What to show under the success message, e.g. a link to the login page. */
  afterSuccess: ReactNode;
}

/**
 * Chooses a new password with a reset token: at least 6 characters, typed twice. A refusal shows the
 * server's message (an invalid, used or expired link, or a password it will not take).
 */
export function ResetPasswordForm({ token, afterSuccess }: ResetPasswordFormProps) {
  const t = useMessages(accountTexts, 'account');
  const confirm = useConfirmPasswordResetMutation();
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = passwordFields.parse(Object.fromEntries(new FormData(event.currentTarget)));
    if (isPasswordTooShort(fields.password)) {
      setError(authMessages.passwordTooShort);
      return;
    }
    if (fields.password !== fields.confirm) {
      setError(authMessages.passwordsDiffer);
      return;
    }
    setError('');
    const reply = await confirm.mutateAsync({ token, password: fields.password });
    if (reply.kind === 'done') {
      setDone(true);
      return;
    }
    setError(reply.kind === 'refused' && reply.message ? `❌ ${reply.message}` : authMessages.passwordChangeFailed);
  }

  if (done) {
    return (
      <div className="form-card">
        <FormMessages success={<p>{authMessages.passwordChanged}</p>} />
        {afterSuccess}
      </div>
    );
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <PasswordField
        label={t.newPassword()}
        name="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_CHARS}
        hint={t.minPassword({ min: MIN_PASSWORD_CHARS })}
      />
      <PasswordField
        label={t.confirmNewPassword()}
        name="confirm"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_CHARS}
      />
      <FormMessages error={error} />
      <button type="submit" className="button auth-form__submit" disabled={confirm.isPending} aria-busy={confirm.isPending}>
        {t.setNewPassword()}
      </button>
    </form>
  );
}

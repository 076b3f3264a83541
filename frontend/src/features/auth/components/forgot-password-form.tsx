import { useState, type SubmitEvent } from 'react';
import * as z from 'zod/mini';

import accountTexts from '@/i18n/en/account.json';
import { useMessages } from '@/lib/i18n';

import { useRequestPasswordResetMutation } from '../api/account';
import { authMessages } from '../lib/messages';
import { EmailField } from './email-field';
import { FormMessages } from './form-message';

import '@/components/ui/form.css';
import '../auth.css';

const emailField = z.object({ email: z.string().check(z.trim()) });

type Outcome = { kind: 'none' } | { kind: 'sent' } | { kind: 'failed' };

/**
 * Asks for a reset e-mail. The server answers the same whether or not the account exists, so success only
 * means the request was accepted (docs/spec.md §8 'Password reset').
 */
export function ForgotPasswordForm() {
  const t = useMessages(accountTexts, 'account');
  const request = useRequestPasswordResetMutation();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { email } = emailField.parse(Object.fromEntries(new FormData(event.currentTarget)));
    setOutcome({ kind: 'none' });
    const reply = await request.mutateAsync(email);
    setOutcome(reply.kind === 'done' ? { kind: 'sent' } : { kind: 'failed' });
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)}>
      <EmailField />
      <FormMessages
        error={outcome.kind === 'failed' ? authMessages.resetEmailFailed : ''}
        success={outcome.kind === 'sent' ? authMessages.resetEmailSent : null}
      />
      <button type="submit" className="button auth-form__submit" disabled={request.isPending} aria-busy={request.isPending}>
        {t.sendReset()}
      </button>
    </form>
  );
}

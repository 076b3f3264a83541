import { useId, useRef, useState, type SubmitEvent } from 'react';

import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';
import { LoadingBar } from '@/components/ui/loading-bar';
import { formatDateTime } from '@/lib/date-time';
import { firstErrors, type FieldErrors } from '@/lib/field-errors';
import { formatRupees } from '@/lib/money';

import { useBlocklist, useBlockMutation, useUnblockMutation } from '../api/blocklist';
import { codMessages } from '../lib/order-checks';

import '../order-checks.css';

/** The most characters a reason takes (docs/cod.md 'Blocklist'). */
const MAX_REASON_CHARS = 500;

/**
 * The Blocklist page (docs/cod.md 'Blocklist'): the form that blocks a phone (any writing) or an e-mail with
 * a reason, the server's errors beside its fields; the entries, each with its attempts and 'Unblock'; and
 * the checkout attempts they refused, one row per account, entry and hour with how many.
 */
export function BlocklistManager() {
  const list = useBlocklist();
  const unblock = useUnblockMutation();
  const toOutcome = useReplyOutcome();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = useId();

  return (
    <>
      <BlockForm />
      <section className="admin-section" aria-labelledby={`${id}-blocked`}>
        <h2 id={`${id}-blocked`}>Blocked</h2>
        <OutcomeMessage outcome={outcome} />
        {list.isPending ? (
          <LoadingBar label="Loading the blocklist" />
        ) : list.isError ? (
          <p className="admin-message admin-message--error" role="alert">
            {codMessages.blocklistLoadFailed}
          </p>
        ) : list.data.entries.length === 0 ? (
          <p className="status-text">{codMessages.noEntries}</p>
        ) : (
          <ul className="blocklist">
            {list.data.entries.map((entry) => (
              <li key={entry._id}>
                <article className="blocklist__entry" aria-label={entry.value}>
                  <h3 className="blocklist__value">{entry.value}</h3>
                  <p className="blocklist__meta">
                    {entry.kind === 'email' ? 'E-mail' : 'Phone'} · blocked <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> ·{' '}
                    {entry.attempts === 1 ? '1 attempt' : `${entry.attempts} attempts`}
                  </p>
                  <p className="blocklist__reason">{entry.reason}</p>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={unblock.isPending}
                    aria-label={`Unblock ${entry.value}`}
                    onClick={() => {
                      setOutcome(null);
                      void unblock.mutateAsync(entry._id).then((reply) => {
                        setOutcome(reply.kind === 'done' ? { tone: 'success', message: reply.data.message } : toOutcome(reply, ''));
                      });
                    }}
                  >
                    Unblock
                  </button>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="admin-section">
        <h2 id={`${id}-attempts`}>Refused checkouts</h2>
        {list.data === undefined ? null : list.data.attempts.length === 0 ? (
          <p className="status-text">{codMessages.noAttempts}</p>
        ) : (
          <>
            <p className="status-text">{codMessages.attemptsNote}</p>
            <div className="admin-table-wrap" role="region" aria-labelledby={`${id}-attempts`} tabIndex={0}>
              <table className="admin-table">
                <caption className="visually-hidden">Checkouts refused by the blocklist, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col" className="admin-table__number">
                      Attempts
                    </th>
                    <th scope="col">Name</th>
                    <th scope="col">Phone</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">City</th>
                    <th scope="col" className="admin-table__number">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.attempts.map((attempt) => (
                    <tr key={attempt._id}>
                      <td className="blocklist__when">
                        <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>
                      </td>
                      <td className="admin-table__number">{attempt.count}</td>
                      <td>{attempt.name}</td>
                      <td>{attempt.phone}</td>
                      <td>{attempt.email}</td>
                      <td>{attempt.city ?? '—'}</td>
                      <td className="admin-table__number">{formatRupees(attempt.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </>
  );
}

/** Blocks a phone or an e-mail: the value in any writing and a reason; errors beside their fields. */
function BlockForm() {
  const block = useBlockMutation();
  const toOutcome = useReplyOutcome();
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (block.isPending) return;
    setOutcome(null);
    const reply = await block.mutateAsync({ value, reason });
    if (reply.kind === 'done') {
      setValue('');
      setReason('');
      setErrors({});
      setOutcome({ tone: 'success', message: reply.data.message });
      return;
    }
    const fieldErrors = reply.kind === 'refused' ? firstErrors(reply.errors) : {};
    setErrors(fieldErrors);
    setOutcome(toOutcome(reply, ''));
    const first = ['value', 'reason'].find((name) => name in fieldErrors);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const described = (name: string, hint?: boolean) =>
    [hint ? `${id}-${name}-hint` : null, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <form ref={form} className="form-card" onSubmit={(event) => void handleSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Block a phone or e-mail</h2>
      <div className="form-field">
        <label htmlFor={`${id}-value`}>Phone number or e-mail</label>
        <input
          id={`${id}-value`}
          name="value"
          type="text"
          autoComplete="off"
          spellCheck={false}
          required
          value={value}
          aria-invalid={errors.value ? true : undefined}
          aria-describedby={described('value', true)}
          onChange={(event) => {
            setValue(event.target.value);
          }}
        />
        <p id={`${id}-value-hint`} className="form-field__hint">
          A Pakistani phone number in any writing (e.g. 0300 1234567) or an e-mail address.
        </p>
        {errors.value && (
          <p id={`${id}-value-error`} className="form-field__error">
            {errors.value}
          </p>
        )}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input
          id={`${id}-reason`}
          name="reason"
          type="text"
          autoComplete="off"
          required
          maxLength={MAX_REASON_CHARS}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={described('reason')}
          onChange={(event) => {
            setReason(event.target.value);
          }}
        />
        {errors.reason && (
          <p id={`${id}-reason-error`} className="form-field__error">
            {errors.reason}
          </p>
        )}
      </div>
      <OutcomeMessage outcome={outcome} />
      <button type="submit" className="button admin-form__submit" disabled={block.isPending} aria-busy={block.isPending}>
        Block
      </button>
    </form>
  );
}

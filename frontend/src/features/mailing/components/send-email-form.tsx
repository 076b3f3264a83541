import { useId, useState, type SubmitEvent } from 'react';

import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { LoadingBar } from '@/components/ui/loading-bar';
import { useRecheckAdmin } from '@/lib/admin-session';

import { useCustomers, usePreviewBulkEmailMutation, useSendBulkEmailMutation } from '../api/bulk-email';
import type { BulkEmailBody, BulkEmailPreviewResponse } from '@/api/generated';

import {
  audienceMessage,
  bulkEmailMessages,
  sendLabel,
  emptyBulkEmailFields,
  sentMessage,
  toBulkEmailBody,
  toggleEmail,
  type BulkEmailFields,
  type Recipients,
} from '../lib/bulk-email';

import '../send-email.css';

/**
 * The send-email form (docs/spec.md §2 'Admin', §5 and §8 'Bulk e-mail'): a subject, a message and whether it goes
 * to every customer or to the ones ticked. The server queues it; a worker delivers it (docs/contract.md §7).
 */
export function SendEmailForm() {
  const send = useSendBulkEmailMutation();
  const previewCall = usePreviewBulkEmailMutation();
  const [preview, setPreview] = useState<{ body: BulkEmailBody; data: BulkEmailPreviewResponse } | null>(null);
  const recheckAdmin = useRecheckAdmin();
  const [fields, setFields] = useState<BulkEmailFields>(emptyBulkEmailFields);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  function change<K extends keyof BulkEmailFields>(name: K, value: BulkEmailFields[K]) {
    setFields((current) => ({ ...current, [name]: value }));
    setPreview(null);
  }

  /** First step: the server says how many customers the e-mail reaches and shows it; nothing is sent. */
  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = toBulkEmailBody(fields);
    if ('error' in checked) {
      setOutcome({ tone: 'error', message: checked.error });
      return;
    }
    setOutcome(null);
    const reply = await previewCall.mutateAsync(checked.body);
    if (reply.kind === 'done') {
      setPreview({ body: checked.body, data: reply.data });
      return;
    }
    setOutcome({ tone: 'error', message: reply.kind === 'refused' && reply.message ? reply.message : bulkEmailMessages.failed });
    if (reply.kind === 'refused' && reply.status === 401) void recheckAdmin();
  }

  /** Second step: sends what the preview showed. */
  async function handleSend() {
    if (!preview) return;
    const reply = await send.mutateAsync(preview.body);
    setPreview(null);
    if (reply.kind === 'done') {
      setOutcome({ tone: 'success', message: sentMessage(reply.data.queued) });
      setFields((current) => ({ ...emptyBulkEmailFields, recipients: current.recipients, selectedEmails: current.selectedEmails }));
      return;
    }
    if (reply.kind === 'unreachable') {
      setOutcome({ tone: 'error', message: bulkEmailMessages.failed });
      return;
    }
    setOutcome({ tone: 'error', message: reply.message ?? bulkEmailMessages.failed });
    // The session has ended: the guard asks again and sends the owner to log in.
    if (reply.status === 401) void recheckAdmin();
  }

  const missing = outcome?.message === bulkEmailMessages.required;
  const recipientChoices: [Recipients, string][] = [
    ['all', 'All customers'],
    ['selected', 'Selected customers'],
  ];

  return (
    <form className="form-card admin-email-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Send email">
      <div className="form-field">
        <label htmlFor={fieldId('subject')}>Subject</label>
        <input
          id={fieldId('subject')}
          name="subject"
          type="text"
          required
          value={fields.subject}
          onChange={(event) => {
            change('subject', event.target.value);
          }}
          aria-invalid={(missing && fields.subject.trim() === '') || undefined}
        />
      </div>
      <div className="form-field">
        <label htmlFor={fieldId('message')}>Message</label>
        <textarea
          id={fieldId('message')}
          name="message"
          required
          rows={8}
          value={fields.message}
          onChange={(event) => {
            change('message', event.target.value);
          }}
          aria-invalid={(missing && fields.message.trim() === '') || undefined}
        />
      </div>
      <fieldset className="admin-fieldset">
        <legend>Send to</legend>
        <div className="admin-checks admin-email-recipients">
          {recipientChoices.map(([value, label]) => (
            <label key={value} className="admin-check">
              <input
                type="radio"
                name="recipients"
                value={value}
                checked={fields.recipients === value}
                onChange={() => {
                  change('recipients', value);
                }}
              />{' '}
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {fields.recipients === 'selected' && (
        <CustomerPicker
          selected={fields.selectedEmails}
          onToggle={(email) => {
            setFields((current) => ({ ...current, selectedEmails: toggleEmail(current.selectedEmails, email) }));
            setPreview(null);
          }}
        />
      )}
      <OutcomeMessage outcome={outcome} />
      <button
        type="submit"
        className="button button--secondary admin-form__submit"
        disabled={previewCall.isPending}
        aria-busy={previewCall.isPending}
      >
        Preview
      </button>
      {preview && (
        <section className="admin-email-preview" aria-label="Preview">
          <p className="admin-email-preview__audience" role="status">
            {audienceMessage(preview.data)}
          </p>
          <p className="admin-email-preview__subject">
            <strong>{preview.data.subject}</strong>
          </p>
          <pre className="admin-email-preview__text">{preview.data.text}</pre>
          <button
            type="button"
            className="button admin-form__submit"
            disabled={send.isPending}
            aria-busy={send.isPending}
            onClick={() => void handleSend()}
          >
            {sendLabel(preview.data.recipients)}
          </button>
        </section>
      )}
    </form>
  );
}

/** Every customer, by name and e-mail, each with a checkbox. */
function CustomerPicker({ selected, onToggle }: { selected: readonly string[]; onToggle: (email: string) => void }) {
  const customers = useCustomers();

  return (
    <fieldset className="admin-fieldset">
      <legend>Customers{customers.isSuccess ? ` (${selected.length} of ${customers.data.length} chosen)` : ''}</legend>
      {customers.isPending ? (
        <LoadingBar label="Loading customers" />
      ) : customers.isError ? (
        <p className="admin-message admin-message--error" role="alert">
          {bulkEmailMessages.customersLoadFailed}
        </p>
      ) : customers.data.length === 0 ? (
        <p className="status-text">No customers yet.</p>
      ) : (
        <ul className="admin-email-customers">
          {customers.data.map((customer) => (
            <li key={customer._id}>
              <label className="admin-check admin-email-customer">
                <input
                  type="checkbox"
                  name="selectedEmails"
                  value={customer.email}
                  checked={selected.includes(customer.email)}
                  onChange={() => {
                    onToggle(customer.email);
                  }}
                />
                <span className="admin-email-customer__text">
                  {/* An account nobody named shows its e-mail alone, never 'Customer'. */}
                  {customer.name && <span className="admin-email-customer__name">{customer.name}</span>}{' '}
                  <span className="admin-email-customer__email">{customer.email}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

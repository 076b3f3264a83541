import type { BulkEmailBody } from '@/api/generated';
import { noRecipients, subjectAndMessageRequired } from '@/api/rules/admin.gen';

/** The bulk e-mail page's messages (docs/spec.md §5 'Bulk e-mail', §8 'Bulk e-mail'). */
export const bulkEmailMessages = {
  required: subjectAndMessageRequired,
  noRecipients,
  sent: '✅ Emails sent!',
  failed: '❌ Failed to send emails.',
  customersLoadFailed: 'Could not load customers.',
  statusLoadFailed: 'Could not load e-mail status.',
} as const;

/** Who gets the e-mail: every customer, or the ones ticked. */
export type Recipients = 'all' | 'selected';

/** The send-email form as the owner fills it in. */
export interface BulkEmailFields {
  subject: string;
  message: string;
  recipients: Recipients;
  selectedEmails: readonly string[];
}

/** Nothing is chosen at first: 'All customers' is a choice the owner makes, never the default (decisions/0041). */
export const emptyBulkEmailFields: BulkEmailFields = { subject: '', message: '', recipients: 'selected', selectedEmails: [] };

/**
 * The body of POST /api/users/admin/send-bulk-email, or the message to show instead when the subject or the
 * message is empty, or no customer is ticked for 'Selected customers'. Sending to all sends no addresses.
 */
export function toBulkEmailBody(fields: BulkEmailFields): { body: BulkEmailBody } | { error: string } {
  const subject = fields.subject.trim();
  if (subject === '' || fields.message.trim() === '') return { error: bulkEmailMessages.required };
  if (fields.recipients === 'all') return { body: { subject, message: fields.message, sendToAll: true, selectedEmails: [] } };
  if (fields.selectedEmails.length === 0) return { error: bulkEmailMessages.noRecipients };
  return { body: { subject, message: fields.message, sendToAll: false, selectedEmails: [...fields.selectedEmails] } };
}

/** Ticks an address that was not ticked, and unticks one that was (keeping the list's order). */
export function toggleEmail(selected: readonly string[], email: string): string[] {
  return selected.includes(email) ? selected.filter((value) => value !== email) : [...selected, email];
}

/** '✅ Emails sent! 3 e-mails queued.' */
export function sentMessage(queued: number | bigint): string {
  const count = String(queued);
  return `${bulkEmailMessages.sent} ${count} e-mail${count === '1' ? '' : 's'} queued.`;
}

/** 'This e-mail goes to 3 customers.' and who is left out: ' 1 is left out: on the blocklist.' */
export function audienceMessage(preview: { recipients: number; blocked: number; unsubscribed: number }): string {
  const people = (n: number) => `${n} customer${n === 1 ? '' : 's'}`;
  let text = `This e-mail goes to ${people(preview.recipients)}.`;
  const reasons = [
    preview.blocked > 0 ? `${preview.blocked} on the blocklist` : '',
    preview.unsubscribed > 0 ? `${preview.unsubscribed} unsubscribed` : '',
  ].filter((reason) => reason !== '');
  if (reasons.length > 0) text += ` Left out: ${reasons.join(', ')}.`;
  return text;
}

/** The send button's words once the preview is shown: 'Send to 3 customers'. */
export function sendLabel(recipients: number): string {
  return `Send to ${recipients} customer${recipients === 1 ? '' : 's'}`;
}

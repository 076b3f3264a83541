import { formatDateTime } from '@/lib/date-time';

/** My Orders' texts (docs/spec.md §2 'My Orders', §8 'Orders'). */
export const ordersMessages = {
  notLoggedIn: 'You must be logged in to view your orders.',
  none: 'You haven’t placed any orders yet.',
  loadFailed: 'Could not load your orders. Please try again.',
  moreFailed: 'Could not load more orders. Please try again.',
  confirmLinkInvalid: 'This confirmation link is not valid.',
  confirmFailed: 'We could not reach the shop to confirm your order. Please try again.',
  /** The server's 410 for a link used before: good news, shown as such. */
  alreadyConfirmed: 'This order is already confirmed.',
  confirmed: 'Confirmed by you',
  confirmedOnWhatsApp: 'Confirmed by you on WhatsApp',
  notConfirmed: 'Not confirmed yet: please confirm it, or open the link we e-mailed you.',
} as const;

/** '24 hours', '1 hour'. */
export function hoursText(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * The WhatsApp next step (docs/whatsapp.md): 'We've sent a WhatsApp message to 0300 1234567: tap Confirm', with
 * ' within 24 hours' when the hours are known, and a full stop.
 */
export function whatsAppSentText(to: string, hours?: number): string {
  return whatsAppSentUntil(to, hours === undefined ? '' : ` within ${hoursText(hours)}`);
}

/**
 * My Orders' WhatsApp next step for an order placed at `placedAt` (ISO 8601) that should be confirmed within
 * `hours`: 'We've sent a WhatsApp message to 0300 1234567: tap Confirm by 25 Nov 2026, 11:00.' (Pakistan time).
 */
export function whatsAppSentByText(to: string, placedAt: string, hours: number): string {
  const by = new Date(Date.parse(placedAt) + hours * 3_600_000).toISOString();
  return whatsAppSentUntil(to, ` by ${formatDateTime(by)}`);
}

function whatsAppSentUntil(to: string, until: string): string {
  return `We've sent a WhatsApp message to ${to}: tap Confirm${until}.`;
}

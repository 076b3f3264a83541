/**
 * How an order's status reads for people (docs/spec.md §4 'Order status', docs/contract.md §4): its label and the
 * colour of its badge, pending yellow, approved teal (good news, never red), dispatched blue, delivered green,
 * and rejected, returned and anything else red. Shared by the shopper's orders and
 * the admin's, so both say the same thing. The statuses are the API's (`OrderStatus`, generated).
 */

import type { OrderStatus } from '@/api/generated';
import orderTexts from '@/i18n/en/order-parts.json';

import { useLanguage, useMessages } from './i18n';

export type StatusTone = 'yellow' | 'teal' | 'blue' | 'green' | 'red';

/** Every status's badge colour, in the order docs/spec.md lists them; a status the API adds must be given one. */
const tones: Record<OrderStatus, StatusTone> = {
  pending: 'yellow',
  approved: 'teal',
  dispatched: 'blue',
  delivered: 'green',
  rejected: 'red',
  returned: 'red',
};

/** Every order status, in the order docs/spec.md lists them. */
export const orderStatuses = Object.keys(tones) as OrderStatus[];

/** The badge colour of a status; any status the shop does not know reads red. */
export function statusTone(status: string): StatusTone {
  return Object.hasOwn(tones, status) ? tones[status as OrderStatus] : 'red';
}

/** The status as a word: 'pending' → 'Pending'. */
export function statusLabel(status: string): string {
  return status === '' ? 'Unknown' : `${status.charAt(0).toUpperCase()}${status.slice(1)}`;
}

/**
 * `statusLabel` in the page's language (`i18n/<language>/order-parts.json`): 'زیرِ غور' for pending on an Urdu
 * page; English pages (and the admin area, always English) keep `statusLabel`'s words.
 */
export function useStatusLabel(): (status: string) => string {
  const t = useMessages(orderTexts, 'order-parts');
  const urdu = useLanguage() === 'ur';
  return (status) => {
    if (!urdu) return statusLabel(status);
    if (Object.hasOwn(tones, status)) return t[status as OrderStatus]();
    return status === '' ? t.unknown() : status;
  };
}

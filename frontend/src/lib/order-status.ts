/**
 * How an order's status reads for people (SPEC.md §4 'Order status'): its label and the colour of its badge,
 * pending yellow, dispatched blue, delivered green and anything else red. Shared by the shopper's orders and
 * the admin's, so both say the same thing.
 */

export type StatusTone = 'yellow' | 'blue' | 'green' | 'red';

/** The badge colour of a status; any status the shop does not know reads red. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'pending':
      return 'yellow';
    case 'dispatched':
      return 'blue';
    case 'delivered':
      return 'green';
    default:
      return 'red';
  }
}

/** The status as a word: 'pending' → 'Pending'. */
export function statusLabel(status: string): string {
  return status === '' ? 'Unknown' : `${status.charAt(0).toUpperCase()}${status.slice(1)}`;
}

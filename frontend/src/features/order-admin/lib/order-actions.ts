import type { OrderStatus } from '@/api/generated';
import { rejectionReasonRequired } from '@/api/rules/admin.gen';
import type { Outcome } from '@/components/admin/outcome';
import type { ServerReply } from '@/lib/server-reply';

/** A status change the admin can make, and its button's text. */
export interface OrderAction {
  status: Exclude<OrderStatus, 'pending'>;
  label: string;
}

const approve: OrderAction = { status: 'approved', label: 'Approve' };
const reject: OrderAction = { status: 'rejected', label: 'Reject' };
const dispatch: OrderAction = { status: 'dispatched', label: 'Dispatch' };
const deliver: OrderAction = { status: 'delivered', label: 'Deliver' };
const returnAndRestock: OrderAction = { status: 'returned', label: 'Return & Restock' };

/**
 * The changes each status allows (docs/spec.md §4 'Order status'): pending → approved or rejected; approved →
 * dispatched or rejected; dispatched → delivered or returned ('Return & Restock'); none after.
 */
export function actionsFor(status: string): readonly OrderAction[] {
  switch (status) {
    case 'pending':
      return [approve, reject];
    case 'approved':
      return [dispatch, reject];
    case 'dispatched':
      return [deliver, returnAndRestock];
    default:
      return [];
  }
}

/** What the owner is asked before a final or stock-moving change, and the confirming button's words. */
export interface ActionQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  danger: boolean;
}

/** '2 items', '1 item'. */
function itemsText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * The question before `action` on order `#id` (docs/decisions/0040-the-owners-day.md), or null for the steps
 * that need none (Approve, Dispatch: neither is final nor moves stock). `units` is the order's units, `name`
 * the shopper's name ('the shopper' when empty), `total` its total as shown.
 */
export function actionQuestion(
  action: OrderAction,
  order: { id: string; name: string; units: number; total: string },
): ActionQuestion | null {
  const who = order.name.trim() || 'the shopper';
  switch (action.status) {
    case 'delivered':
      return {
        title: `Mark #${order.id} delivered?`,
        message: `${order.total} counts as cash collected and ${who} is e-mailed a link to review each item. This cannot be undone.`,
        confirmLabel: 'Mark delivered',
        danger: false,
      };
    case 'returned':
      return {
        title: `Mark #${order.id} returned?`,
        message: `${itemsText(order.units)} go${order.units === 1 ? 'es' : ''} back into stock and ${who} is e-mailed. This cannot be undone.`,
        confirmLabel: 'Return & Restock',
        danger: true,
      };
    case 'rejected':
      return {
        title: `Reject #${order.id}?`,
        message: `${itemsText(order.units)} go${order.units === 1 ? 'es' : ''} back into stock and ${who} is e-mailed the reason. This cannot be undone.`,
        confirmLabel: 'Confirm Rejection',
        danger: true,
      };
    default:
      return null;
  }
}

/** The statuses the list can be filtered by: every one. */
export { orderStatuses } from '@/lib/order-status';

export const orderMessages = {
  reasonRequired: rejectionReasonRequired,
  failed: 'Failed to update order status',
  unreachable: 'An error occurred.',
  updated: 'Order status updated.',
  loadFailed: 'Could not load orders.',
  moreFailed: 'Could not load more orders.',
  none: 'No orders found.',
} as const;

/**
 * What a status change came to (docs/spec.md §8 'Order status'): the server's message or 'Failed to update order
 * status' when refused, 'An error occurred.' when there was no answer.
 */
export function statusChangeOutcome(reply: ServerReply<{ message: string }>): Outcome {
  switch (reply.kind) {
    case 'done':
      return { tone: 'success', message: reply.data.message.trim() === '' ? orderMessages.updated : reply.data.message };
    case 'refused':
      return { tone: 'error', message: reply.message?.trim() ? reply.message : orderMessages.failed };
    case 'unreachable':
      return { tone: 'error', message: orderMessages.unreachable };
  }
}

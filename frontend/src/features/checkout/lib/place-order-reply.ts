import type { OrderResponse, QuoteResponse } from '@/api/generated';

import { serverFieldErrors, type FieldErrors } from './checkout-form';
import { checkoutMessages } from './messages';

/** What an attempt to place an order came to. */
export type PlaceOrderOutcome =
  /** `confirmWithinHours`: the hours the e-mailed confirmation link works. */
  | { kind: 'placed'; order: OrderResponse; confirmWithinHours?: number }
  /** Refused with the server's own figures (a 409, or a 404 for a product gone): the cart takes them. */
  | { kind: 'quote'; message: string; quote: QuoteResponse }
  | { kind: 'refused'; message: string; fieldErrors: FieldErrors }
  | { kind: 'unreachable' };

/** What POST /api/orders answered: its status, the order of a success and the body of a refusal; or nothing. */
export type PlaceOrderAnswer = { status: number; order?: OrderResponse; confirmWithinHours?: number; body?: unknown } | null;

/**
 * Reads the answer (docs/spec.md §8 'Checkout', docs/orders.md) with the generated schemas: the order on success;
 * the quote of a refusal that carries one; 401 as 'You must be logged in to place an order.'; else the
 * server's message (its field errors beside their fields), else 'Failed to place order'; no answer at all
 * 'Something went wrong!'.
 */
export async function placeOrderOutcome(answer: PlaceOrderAnswer): Promise<PlaceOrderOutcome> {
  if (answer === null) return { kind: 'unreachable' };
  if (answer.order !== undefined && answer.status >= 200 && answer.status < 300) return { kind: 'placed', order: answer.order, confirmWithinHours: answer.confirmWithinHours };
  if (answer.status === 401) return { kind: 'refused', message: checkoutMessages.notLoggedIn, fieldErrors: {} };
  const { zErrorBody, zOrderConflictBody } = await import('@/api/generated/zod.gen');
  const conflict = zOrderConflictBody.safeParse(answer.body);
  const message = conflict.success && conflict.data.message.trim() !== '' ? conflict.data.message : checkoutMessages.failed;
  if (conflict.success && conflict.data.quote) return { kind: 'quote', message, quote: conflict.data.quote };
  const error = zErrorBody.safeParse(answer.body);
  return { kind: 'refused', message, fieldErrors: error.success ? serverFieldErrors(error.data.errors ?? undefined) : {} };
}

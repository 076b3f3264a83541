import * as z from 'zod/mini';

import { serverFieldErrors, type FieldErrors } from './checkout-form';
import { checkoutMessages } from './messages';

const quoteSchema = z.object({
  cart: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number(), price: z.number() })),
  subtotal: z.number(),
  deliveryCharge: z.number(),
  coupon: z.optional(z.nullable(z.string())),
  couponDiscount: z.number(),
  total: z.number(),
  changes: z.array(z.string()),
});

const errorBodySchema = z.object({
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  quote: z.optional(quoteSchema),
});

/** The server's figures for an order it would not place as sent, and what changed. */
export type OrderQuote = z.infer<typeof quoteSchema>;

/** What an attempt to place an order came to. */
export type PlaceOrderOutcome<O> =
  | { kind: 'placed'; order: O }
  /** Refused with the server's own figures (a 409, or a 404 for a product gone): the cart takes them. */
  | { kind: 'quote'; message: string; quote: OrderQuote }
  | { kind: 'refused'; message: string; fieldErrors: FieldErrors }
  | { kind: 'unreachable' };

/** What POST /api/orders answered: its status and body, or nothing at all (the network failed). */
export type PlaceOrderAnswer<O> = { status: number; order?: O; body?: unknown } | null;

/**
 * Reads the answer (SPEC.md §8 'Checkout', docs/orders.md): an order on success; the quote of a refusal that
 * carries one; 401 as 'You must be logged in to place an order.'; else the server's message (field errors
 * beside their fields), else 'Failed to place order'; no answer 'Something went wrong!'.
 */
export function placeOrderOutcome<O>(answer: PlaceOrderAnswer<O>): PlaceOrderOutcome<O> {
  if (answer === null) return { kind: 'unreachable' };
  if (answer.order !== undefined && answer.status >= 200 && answer.status < 300) return { kind: 'placed', order: answer.order };
  if (answer.status === 401) return { kind: 'refused', message: checkoutMessages.notLoggedIn, fieldErrors: {} };
  const body = errorBodySchema.safeParse(answer.body);
  const message = body.success && body.data.message?.trim() ? body.data.message : checkoutMessages.failed;
  if (body.success && body.data.quote) return { kind: 'quote', message, quote: body.data.quote };
  return { kind: 'refused', message, fieldErrors: body.success ? serverFieldErrors(body.data.errors) : {} };
}

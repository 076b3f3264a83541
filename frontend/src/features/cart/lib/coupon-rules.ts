/**
 * The coupon's rules (docs/spec.md §5 'Coupon apply'), pure: the checks made before the call, what its answer leads
 * to and the messages. Amounts follow `cart-rules.ts`: paisa, with whole rupees where the API speaks them.
 */

import {
  cartTotalTooLow,
  couponApplied,
  couponCodeRequired,
  invalidCartTotal,
  invalidOrExpiredCoupon,
  PAISA_PER_RUPEE,
} from '@/api/rules/cart.gen';
import { toPaisa } from '@/lib/money';

/** The cart total as the coupon call sends it: rupees, with paisa as decimals when there are any. */
export function cartTotalForRequest(cartTotal: number): number {
  return cartTotal / PAISA_PER_RUPEE;
}

/** The coupon messages: the server's texts, and the one only the browser can know (no answer at all). */
export const couponMessages = {
  emptyCode: couponCodeRequired,
  invalidCartTotal,
  invalidOrExpired: invalidOrExpiredCoupon,
  tooLow: cartTotalTooLow,
  serverError: 'Server error. Please try again later.',
  applied: couponApplied,
} as const;

/** A coupon the cart holds: its code and minimum (rupees), the discount (rupees) and the cart total it was given for (paisa). */
export interface AppliedCoupon {
  code: string;
  minPrice: number;
  discount: number;
  cartTotal: number;
}

/** The first two checks of docs/spec.md §5 'Coupon apply', made before any call. */
export type CouponRequestCheck = { ok: true; code: string } | { ok: false; message: string };

export function checkCouponRequest(code: string, cartTotal: number): CouponRequestCheck {
  const trimmed = code.trim();
  if (trimmed === '') return { ok: false, message: couponMessages.emptyCode };
  if (!Number.isFinite(cartTotal) || cartTotal <= 0) return { ok: false, message: couponMessages.invalidCartTotal };
  // No code holds a space: one typed inside it ('WELCOME 10') is forgiven, as the server forgives it.
  return { ok: true, code: trimmed.replace(/\s+/g, '') };
}

/** What the coupon call answered, whatever the transport. */
export type CouponReply =
  | { kind: 'applied'; coupon: { code: string; minPrice: number }; discount: number }
  | { kind: 'refused'; message?: string }
  | { kind: 'unreachable' };

/**
 * What a coupon attempt leads to: the coupon to hold (`null` clears it, `'keep'` leaves the current one)
 * and the message to show, checked in docs/spec.md §5's order after the request checks.
 */
export interface CouponOutcome {
  coupon: AppliedCoupon | null | 'keep';
  message: string;
}

export function couponOutcome(reply: CouponReply, cartTotal: number): CouponOutcome {
  switch (reply.kind) {
    case 'refused': {
      const message = reply.message?.trim() ?? '';
      return { coupon: null, message: message === '' ? couponMessages.invalidOrExpired : message };
    }
    case 'unreachable':
      return { coupon: 'keep', message: couponMessages.serverError };
    case 'applied': {
      const discount = Math.round(reply.discount);
      if (toPaisa(discount) >= cartTotal) return { coupon: null, message: couponMessages.tooLow };
      return {
        coupon: { code: reply.coupon.code, minPrice: reply.coupon.minPrice, discount, cartTotal },
        message: couponMessages.applied(reply.coupon.code),
      };
    }
  }
}

/** Coupon messages containing 'applied' show green; the others red. */
export function isCouponSuccess(message: string): boolean {
  return message.includes('applied');
}

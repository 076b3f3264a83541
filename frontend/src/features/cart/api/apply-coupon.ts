import { useMutation } from '@tanstack/react-query';

import { applyCoupon } from '@/api/generated';

import { cartTotalForRequest, type CouponReply } from '../lib/coupon-rules';

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  return typeof error.message === 'string' ? error.message : undefined;
}

/**
 * POST /api/coupons/apply through the generated client (its zod schemas check the answer), reduced to what
 * the cart's rules need: applied, refused with the server's message, or unreachable (no answer, a 5xx or
 * an answer of the wrong shape). `cartTotal` is in paisa and goes out as rupees with up to two decimals.
 */
export async function requestCoupon(code: string, cartTotal: number, signal?: AbortSignal): Promise<CouponReply> {
  try {
    const { data, error, response } = await applyCoupon({
      body: { code, cartTotal: cartTotalForRequest(cartTotal) },
      signal,
    });
    if (data) return { kind: 'applied', coupon: data.coupon, discount: data.discount };
    // A failed fetch answers no response at all.
    if ((response as Response | undefined) === undefined || response.status >= 500) return { kind: 'unreachable' };
    return { kind: 'refused', message: messageOf(error) };
  } catch {
    return { kind: 'unreachable' };
  }
}

export function useApplyCouponMutation() {
  return useMutation({
    mutationFn: ({ code, cartTotal }: { code: string; cartTotal: number }) => requestCoupon(code, cartTotal),
  });
}

import { useEffect, useRef, useState } from 'react';

import { formatRupees } from '@/lib/money';

import { requestCoupon, useApplyCouponMutation } from '../api/apply-coupon';
import { checkCouponRequest, couponOutcome, type AppliedCoupon } from '../lib/coupon-rules';

import { useCart, useCartStore, useCartTotals } from './use-cart';

interface Attempt {
  message: string;
  /** The coupon this attempt applied, if it did. */
  applied: AppliedCoupon | null;
}

/**
 * While a coupon is held, a change of the cart total asks the server again, so the discount shown is the one
 * the order will get (a percent coupon grows and shrinks with the cart). `onDropped` hears why a coupon that
 * no longer applies was removed. The cart page and the checkout both keep their coupon up to date this way.
 */
export function useCouponRecheck(onDropped?: (message: string) => void): void {
  const store = useCartStore();
  const { coupon, deliveryKnown } = useCart();
  const { cartTotal } = useCartTotals();
  const dropped = useRef(onDropped);
  useEffect(() => {
    dropped.current = onDropped;
  });

  useEffect(() => {
    if (!coupon || !deliveryKnown || coupon.cartTotal === cartTotal) return;
    const controller = new AbortController();
    void requestCoupon(coupon.code, cartTotal, controller.signal).then((reply) => {
      if (controller.signal.aborted) return;
      const outcome = couponOutcome(reply, cartTotal);
      if (outcome.coupon === 'keep') return;
      store.setCoupon(outcome.coupon);
      if (outcome.coupon === null) dropped.current?.(outcome.message);
    });
    return () => {
      controller.abort();
    };
  }, [coupon, deliveryKnown, cartTotal, store]);
}

/**
 * The cart page's coupon: apply (docs/spec.md §5's checks and messages, in order), remove, and the message to
 * show; kept up to date by `useCouponRecheck`.
 */
export function useCoupon() {
  const store = useCartStore();
  const { coupon } = useCart();
  const { cartTotal } = useCartTotals();
  const mutation = useApplyCouponMutation();
  const [attempt, setAttempt] = useState<Attempt | null>(null);

  /** Tries `code`; answers whether it was applied (a refused code stays in the field to be corrected). */
  async function apply(code: string): Promise<boolean> {
    const check = checkCouponRequest(code, cartTotal);
    if (!check.ok) {
      setAttempt({ message: check.message, applied: null });
      return false;
    }
    const reply = await mutation.mutateAsync({ code: check.code, cartTotal });
    const outcome = couponOutcome(reply, cartTotal);
    if (outcome.coupon !== 'keep') store.setCoupon(outcome.coupon);
    setAttempt({ message: outcome.message, applied: outcome.coupon === 'keep' ? null : outcome.coupon });
    return outcome.coupon !== 'keep' && outcome.coupon !== null;
  }

  function remove() {
    store.setCoupon(null);
    setAttempt(null);
  }

  useCouponRecheck((message) => {
    setAttempt({ message, applied: null });
  });

  // A coupon this page applied that the cart has since dropped (its minimum is no longer met) says so.
  const dropped = attempt?.applied && !coupon ? attempt.applied : null;
  const message = dropped
    ? `Coupon "${dropped.code}" was removed: it needs a total of at least ${formatRupees(dropped.minPrice)}.`
    : (attempt?.message ?? '');

  return { coupon, apply, remove, message, pending: mutation.isPending };
}

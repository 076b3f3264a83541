import { describe, expect, it } from 'vitest';

import table from '../../../../../domain/tests/fixtures/cart-cases.json';

import { minimumOrderRequired } from '@/api/rules/cart.gen';

import {
  cartTotals,
  displayedDiscount,
  displayedPrice,
  isBelowCouponMinimum,
  toPaisa,
  unitPrice,
  type CartLine,
} from './cart-rules';
import { checkCouponRequest, couponMessages, couponOutcome, isCouponSuccess, type CouponReply } from './coupon-rules';
import { summaryFigures } from './summary-figures';

/** One case of the table the Rust domain tests read too. */
interface CartCase {
  name: string;
  lines: CartLine[];
  deliveryCharge: number;
  coupon?: { code: string; percent?: number; amount?: number; minPrice: number };
  appliedDiscount?: number;
  expected: {
    unitPrices: number[];
    displayedPrices: number[];
    displayedDiscounts: number[];
    subtotal: number;
    originalTotal: number;
    productDiscount: number;
    delivery: number;
    cartTotal: number;
    coupon?: { applied: boolean; discount: number; offered: number; message: string };
    total: number;
  };
}

const cases: readonly CartCase[] = table.cases;

/** Runs one coupon attempt the way the cart page does, with the server answering as it would. */
function attempt(coupon: NonNullable<CartCase['coupon']>, cartTotal: number, serverReply: CouponReply) {
  const check = checkCouponRequest(coupon.code, cartTotal);
  if (!check.ok) return { applied: false, discount: 0, message: check.message, called: false };
  const outcome = couponOutcome(serverReply, cartTotal);
  const applied = outcome.coupon !== null && outcome.coupon !== 'keep';
  return {
    applied,
    discount: applied ? (outcome.coupon as { discount: number }).discount : 0,
    message: outcome.message,
    called: true,
  };
}

describe('the shared cart case table', () => {
  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  describe.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const { expected } = c;

    it('prices every line and adds up the cart exactly', () => {
      const totals = cartTotals(c.lines, c.deliveryCharge, c.appliedDiscount ?? expected.coupon?.discount ?? 0);

      expect(c.lines.map(unitPrice)).toEqual(expected.unitPrices);
      expect(c.lines.map(displayedPrice)).toEqual(expected.displayedPrices);
      expect(c.lines.map(displayedDiscount)).toEqual(expected.displayedDiscounts);
      expect(totals.subtotal).toBe(expected.subtotal);
      expect(totals.originalTotal).toBe(expected.originalTotal);
      expect(totals.productDiscount).toBe(expected.productDiscount);
      expect(totals.delivery).toBe(toPaisa(expected.delivery));
      expect(totals.cartTotal).toBe(expected.cartTotal);
      expect(totals.total).toBe(toPaisa(expected.total));
    });

    const { coupon } = c;
    const expectedCoupon = expected.coupon;
    if (coupon && expectedCoupon) {
      it(`gives the coupon message "${expectedCoupon.message}"`, () => {
        const { cartTotal } = cartTotals(c.lines, c.deliveryCharge);
        const code = coupon.code.trim().toUpperCase();
        const minimum = minimumOrderRequired(coupon.minPrice);

        // The server refuses a cart below the minimum itself; the client's auto-removal agrees with it.
        expect(isBelowCouponMinimum(cartTotal, coupon.minPrice)).toBe(expectedCoupon.message === minimum);

        // The server's answer: its refusal below the minimum, otherwise the discount it offers (the table's
        // figure, which the Rust tests check against the domain), so the client's own checks decide the rest.
        const serverAnswer: CouponReply =
          expectedCoupon.message === minimum
            ? { kind: 'refused', message: minimum }
            : { kind: 'applied', coupon: { code, minPrice: coupon.minPrice }, discount: expectedCoupon.offered };
        const result = attempt(coupon, cartTotal, serverAnswer);

        expect(result).toEqual({
          applied: expectedCoupon.applied,
          discount: expectedCoupon.discount,
          message: expectedCoupon.message,
          called: expectedCoupon.message !== couponMessages.invalidCartTotal,
        });
        expect(isCouponSuccess(result.message)).toBe(expectedCoupon.applied);
      });

      if (expectedCoupon.message === couponMessages.tooLow) {
        it('shows the server’s own "too low" refusal the same way', () => {
          const { cartTotal } = cartTotals(c.lines, c.deliveryCharge);
          const result = attempt(coupon, cartTotal, { kind: 'refused', message: couponMessages.tooLow });

          expect(result.applied).toBe(false);
          expect(result.message).toBe(couponMessages.tooLow);
        });
      }
    }
  });
});

describe('unit price', () => {
  it('rounds a percentage to the nearest paisa, halves up', () => {
    // 1 rupee less 50%: exactly 50 paisa; 3 rupees less 15%: 255 paisa.
    expect(unitPrice({ price: 1, discountPercent: 50 })).toBe(50);
    expect(unitPrice({ price: 3, discountPercent: 15 })).toBe(255);
  });

  it('ignores a percentage of 0 or below', () => {
    expect(unitPrice({ price: 1000, discountPercent: -5 })).toBe(100000);
    expect(unitPrice({ price: 1000, discountPercent: 0 })).toBe(100000);
  });
});

describe('coupon apply messages in docs/spec.md §5 order', () => {
  it('asks for a code first, even when the cart total is also invalid', () => {
    expect(checkCouponRequest('   ', 0)).toEqual({ ok: false, message: 'Please enter a valid coupon code.' });
  });

  it('refuses a cart total that is not a positive number', () => {
    for (const total of [0, -100, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkCouponRequest('WELCOME10', total)).toEqual({ ok: false, message: 'Invalid cart total. Cannot apply coupon.' });
    }
  });

  it('trims the code it sends', () => {
    expect(checkCouponRequest('  welcome10 ', 100)).toEqual({ ok: true, code: 'welcome10' });
    expect(checkCouponRequest(' welcome 10 ', 100)).toEqual({ ok: true, code: 'welcome10' });
  });

  it('clears the coupon and shows the server message on a refusal, or the default one', () => {
    expect(couponOutcome({ kind: 'refused', message: 'Minimum order of Rs 2,000 required.' }, 100000)).toEqual({
      coupon: null,
      message: 'Minimum order of Rs 2,000 required.',
    });
    expect(couponOutcome({ kind: 'refused' }, 100000)).toEqual({ coupon: null, message: 'Invalid or expired coupon.' });
    expect(couponOutcome({ kind: 'refused', message: ' ' }, 100000)).toEqual({ coupon: null, message: 'Invalid or expired coupon.' });
  });

  it('keeps the current coupon when the server cannot be reached', () => {
    expect(couponOutcome({ kind: 'unreachable' }, 100000)).toEqual({ coupon: 'keep', message: 'Server error. Please try again later.' });
  });

  it('holds the applied coupon with the cart total it was given for', () => {
    const reply: CouponReply = { kind: 'applied', coupon: { code: 'WELCOME10', minPrice: 1500 }, discount: 250 };
    expect(couponOutcome(reply, 250000)).toEqual({
      coupon: { code: 'WELCOME10', minPrice: 1500, discount: 250, cartTotal: 250000 },
      message: 'Coupon "WELCOME10" applied!',
    });
  });

  it('shows green only for messages that contain "applied"', () => {
    expect(isCouponSuccess('Coupon "FLAT200" applied!')).toBe(true);
    expect(isCouponSuccess('Invalid or expired coupon.')).toBe(false);
  });
});

describe('coupon minimum', () => {
  it('is met exactly at minPrice and missed one paisa below', () => {
    expect(isBelowCouponMinimum(150000, 1500)).toBe(false);
    expect(isBelowCouponMinimum(149999, 1500)).toBe(true);
  });
});

describe('the summary adds up', () => {
  it('takes the product discount off the list prices to give the subtotal, then adds delivery', () => {
    const lines: CartLine[] = [
      { price: 2999, salePrice: 2599, discountPercent: 0, quantity: 1, freeDelivery: false },
      { price: 2297, salePrice: 1972, discountPercent: 0, quantity: 1, freeDelivery: false },
    ];

    const figures = summaryFigures(cartTotals(lines, 250));

    expect(figures).toEqual({ listPrice: 5296, productDiscount: 725, subtotal: 4571, delivery: 250, couponDiscount: 0, total: 4821 });
  });

  it('rounds the subtotal once and lets the discount take up the paisa', () => {
    // 3 × (999 less 15%) = 3 × 849.15 = 2547.45.
    const lines: CartLine[] = [{ price: 999, salePrice: null, discountPercent: 15, quantity: 3, freeDelivery: false }];

    const figures = summaryFigures(cartTotals(lines, 250, 200));

    expect(figures).toEqual({ listPrice: 2997, productDiscount: 450, subtotal: 2547, delivery: 250, couponDiscount: 200, total: 2597 });
  });

  it.each(cases.map((c) => [c.name, c] as const))('every row of %s is one the total is built from', (_name, c) => {
    const figures = summaryFigures(cartTotals(c.lines, c.deliveryCharge, c.appliedDiscount ?? c.expected.coupon?.discount ?? 0));

    expect(figures.listPrice - figures.productDiscount).toBe(figures.subtotal);
    expect(Math.max(0, figures.subtotal + figures.delivery - figures.couponDiscount)).toBe(figures.total);
  });
});

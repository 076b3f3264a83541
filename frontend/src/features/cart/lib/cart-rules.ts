/**
 * The cart's arithmetic (docs/spec.md §4 'Cart', §5 'Unit price', 'Displayed discount', §9 'Totals'), pure and in
 * one place; the coupon's rules, which only the cart page needs, are in `coupon-rules.ts`. Every amount here
 * is an integer number of PAISA (1 rupee = 100 paisa), so sums are exact; whole rupees appear only where the
 * API speaks them (prices, delivery charge, coupon discount, minPrice) and are converted at the edge. The Rust domain crate
 * follows the same rules and both are tested against `domain/tests/fixtures/cart-cases.json`, so the cart
 * and the server agree to the rupee.
 */

import { MAX_DISCOUNT_PERCENT, PAISA_PER_RUPEE } from '@/api/rules/cart.gen';
import { divRoundHalfUp, toPaisa, toWholeRupees } from '@/lib/money';

export { toPaisa, toWholeRupees };

/** A product's price fields as the API sends them, in whole rupees. */
export interface PriceFields {
  price: number;
  salePrice?: number | null;
  discountPercent: number;
}

/** One cart line: price fields, how many, and whether it ships free. */
export interface CartLine extends PriceFields {
  quantity: number;
  freeDelivery: boolean;
}

/**
 * How a line's price is marked down. The server sends one of three shapes (no sale price and 0; a sale price
 * above 0 and below the price; no sale price and 1 to 90 per cent); a cart saved in the browser may hold
 * fields of an older answer, which read the same way: a sale price when above 0 and below the price, else a
 * percentage from 1 to 90, else none.
 */
export type Markdown = { kind: 'none' } | { kind: 'sale'; salePrice: number } | { kind: 'percentOff'; percent: number };

/** The markdown of a line's price fields (see {@link Markdown}). */
export function markdownOf({ price, salePrice, discountPercent }: PriceFields): Markdown {
  if (salePrice != null && salePrice > 0 && salePrice < price) return { kind: 'sale', salePrice };
  if (discountPercent >= 1 && discountPercent <= MAX_DISCOUNT_PERCENT) return { kind: 'percentOff', percent: discountPercent };
  return { kind: 'none' };
}

/**
 * The unit price a cart item is charged, exact: the sale price; or the list price less the percentage off, to
 * the nearest paisa (halves up); or the list price.
 */
export function unitPrice(fields: PriceFields): number {
  const markdown = markdownOf(fields);
  switch (markdown.kind) {
    case 'sale':
      return toPaisa(markdown.salePrice);
    case 'percentOff':
      return divRoundHalfUp(toPaisa(fields.price) * (100 - markdown.percent), 100);
    case 'none':
      return toPaisa(fields.price);
  }
}

/** The price cards and pages show: the unit price in whole rupees. */
export function displayedPrice(fields: PriceFields): number {
  return toWholeRupees(unitPrice(fields));
}

/**
 * The 'N% OFF' figure: a sale price shows the rounded percentage it takes off the list price; a percentage
 * off shows itself; no markdown 0. It always describes what is charged.
 */
export function displayedDiscount(fields: PriceFields): number {
  const markdown = markdownOf(fields);
  switch (markdown.kind) {
    case 'sale':
      return divRoundHalfUp((fields.price - markdown.salePrice) * 100, fields.price);
    case 'percentOff':
      return markdown.percent;
    case 'none':
      return 0;
  }
}

/** The delivery charge a cart pays, in paisa: waived when the cart is empty or every line ships free. */
export function deliveryFor(lines: readonly CartLine[], deliveryChargeRupees: number): number {
  return lines.every((line) => line.freeDelivery) ? 0 : toPaisa(Math.max(0, deliveryChargeRupees));
}

/** What the shopper pays: the subtotal rounded to whole rupees, plus delivery, less the coupon; at least 0. */
export function grandTotal(subtotal: number, delivery: number, couponDiscount: number): number {
  return Math.max(0, toWholeRupees(subtotal) * PAISA_PER_RUPEE + delivery - couponDiscount);
}

/** A cart's figures, all in paisa. */
export interface CartTotals {
  /** Sum of unit price × quantity, exact. */
  subtotal: number;
  /** Sum of list price × quantity. */
  originalTotal: number;
  /** Original total − subtotal. */
  productDiscount: number;
  /** The delivery charge after the waiver. */
  delivery: number;
  /** Subtotal + delivery: the base a coupon applies to and is checked against. */
  cartTotal: number;
  /** The coupon discount, whole rupees. */
  couponDiscount: number;
  /** Rounded subtotal + delivery − coupon discount, floored at 0. */
  total: number;
  /** Units in the cart. */
  itemCount: number;
}

/** The figures of `lines` with the configured delivery charge and a coupon discount (both whole rupees). */
export function cartTotals(lines: readonly CartLine[], deliveryChargeRupees: number, couponDiscountRupees = 0): CartTotals {
  let subtotal = 0;
  let originalTotal = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotal += unitPrice(line) * line.quantity;
    originalTotal += toPaisa(line.price) * line.quantity;
    itemCount += line.quantity;
  }
  const delivery = deliveryFor(lines, deliveryChargeRupees);
  const couponDiscount = toPaisa(Math.max(0, Math.round(couponDiscountRupees)));
  return {
    subtotal,
    originalTotal,
    productDiscount: originalTotal - subtotal,
    delivery,
    cartTotal: subtotal + delivery,
    couponDiscount,
    total: grandTotal(subtotal, delivery, couponDiscount),
    itemCount,
  };
}

/** Whether a coupon with `minPriceRupees` must go: the cart total (paisa) fell below its minimum. */
export function isBelowCouponMinimum(cartTotal: number, minPriceRupees: number): boolean {
  return cartTotal < toPaisa(minPriceRupees);
}

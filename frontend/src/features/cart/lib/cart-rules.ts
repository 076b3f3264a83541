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

function honouredSalePrice({ price, salePrice }: PriceFields): number | null {
  return salePrice != null && salePrice > 0 && salePrice < price ? salePrice : null;
}

function honouredDiscountPercent({ discountPercent }: PriceFields): number | null {
  return discountPercent >= 1 && discountPercent <= MAX_DISCOUNT_PERCENT ? discountPercent : null;
}

/**
 * The unit price a cart item is charged, exact: the sale price when above 0 and below the list price;
 * otherwise the list price less a discount of 1 to 90 per cent, to the nearest paisa (halves up);
 * otherwise the list price.
 */
export function unitPrice(fields: PriceFields): number {
  const sale = honouredSalePrice(fields);
  if (sale !== null) return toPaisa(sale);
  const percent = honouredDiscountPercent(fields);
  if (percent !== null) return divRoundHalfUp(toPaisa(fields.price) * (100 - percent), 100);
  return toPaisa(fields.price);
}

/** The price cards and pages show: the unit price in whole rupees. */
export function displayedPrice(fields: PriceFields): number {
  return toWholeRupees(unitPrice(fields));
}

/**
 * The 'N% OFF' figure: a honoured sale price shows the rounded percentage it takes off the list price;
 * otherwise a honoured percentage shows itself; otherwise 0. It always describes what is charged.
 */
export function displayedDiscount(fields: PriceFields): number {
  const sale = honouredSalePrice(fields);
  if (sale !== null) return divRoundHalfUp((fields.price - sale) * 100, fields.price);
  return honouredDiscountPercent(fields) ?? 0;
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

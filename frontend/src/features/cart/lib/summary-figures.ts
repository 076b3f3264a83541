import { toWholeRupees, type CartTotals } from './cart-rules';

/**
 * The figures the cart's summary shows, in whole rupees, each one the total is built from
 * (docs/decisions/0033; only the cart page loads this): `listPrice − productDiscount = subtotal` and
 * `subtotal + delivery − couponDiscount = total`. The product discount is what rounding the subtotal leaves of
 * the list prices, so the rows add up to the rupee whatever the paisa.
 */
export interface SummaryFigures {
  /** Sum of list price × quantity. */
  listPrice: number;
  /** List price less the subtotal. */
  productDiscount: number;
  /** Sum of unit price × quantity, rounded: what the items cost. */
  subtotal: number;
  delivery: number;
  couponDiscount: number;
  total: number;
}

/** The summary's whole-rupee figures of `totals`. */
export function summaryFigures(totals: CartTotals): SummaryFigures {
  const subtotal = toWholeRupees(totals.subtotal);
  const listPrice = toWholeRupees(totals.originalTotal);
  return {
    listPrice,
    productDiscount: listPrice - subtotal,
    subtotal,
    delivery: toWholeRupees(totals.delivery),
    couponDiscount: toWholeRupees(totals.couponDiscount),
    total: toWholeRupees(totals.total),
  };
}

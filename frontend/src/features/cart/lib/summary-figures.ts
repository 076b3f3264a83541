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

/**
 * Whole-rupee amounts for `lines` (paisa) that add up to their sum rounded once, as the subtotal is: each line
 * is rounded down and the rupees left go to the lines with the largest remainders (earlier lines first on a
 * tie). Two lines of Rs 649.50 show Rs 650 and Rs 649 under a subtotal of Rs 1,299, not Rs 650 twice.
 */
export function lineFigures(lines: readonly number[]): number[] {
  const total = toWholeRupees(lines.reduce((sum, line) => sum + line, 0));
  const rows = lines.map((line, at) => ({ at, floor: Math.floor(line / 100), rest: line % 100 }));
  let left = total - rows.reduce((sum, row) => sum + row.floor, 0);
  const shown = rows.map((row) => row.floor);
  for (const { at } of rows.slice().sort((a, b) => b.rest - a.rest || a.at - b.at)) {
    if (left <= 0) break;
    shown.splice(at, 1, (shown.at(at) ?? 0) + 1);
    left -= 1;
  }
  return shown;
}

/** The product page says 'Only {n} left!' from 1 up to this many (SPEC.md §4, §9: 3 or fewer). */
export const PAGE_LOW_STOCK_AT_MOST = 3;

/**
 * The product page's stock message for what is still available (stock minus what the cart already holds):
 * out of stock at 0 or less, 'Only {n} left!' from 1 to 3, 'In Stock' otherwise.
 */
export function stockMessage(available: number): { text: string; level: 'out' | 'low' | 'in' } {
  if (available <= 0) return { text: 'Out of stock', level: 'out' };
  if (available <= PAGE_LOW_STOCK_AT_MOST) return { text: `Only ${available} left!`, level: 'low' };
  return { text: 'In Stock', level: 'in' };
}

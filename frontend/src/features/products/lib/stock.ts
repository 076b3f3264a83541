import { inStock, LOW_STOCK_PAGE_AT_MOST, onlyLeftOnPage } from '@/api/rules/product.gen';
import { outOfStock } from '@/api/rules/storefront.gen';

/**
 * The product page's stock message for what is still available (stock minus what the cart already holds):
 * out of stock at 0 or less, 'Only {n} left!' from 1 to 3, 'In Stock' otherwise (docs/spec.md §4).
 */
export function stockMessage(available: number): { text: string; level: 'out' | 'low' | 'in' } {
  if (available <= 0) return { text: outOfStock, level: 'out' };
  if (available <= LOW_STOCK_PAGE_AT_MOST) return { text: onlyLeftOnPage(available), level: 'low' };
  return { text: inStock, level: 'in' };
}

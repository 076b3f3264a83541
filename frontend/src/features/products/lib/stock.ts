import { inStock, LOW_STOCK_PAGE_AT_MOST, onlyLeftOnPage } from '@/api/rules/product.gen';
import { outOfStock } from '@/api/rules/storefront.gen';

/**
 * The product page's stock message for what is still available (stock minus what the cart already holds):
 * 'All {n} in your cart' when the shopper's own cart holds every unit left (docs/decisions/0033), out of stock at
 * 0 or less otherwise, 'Only {n} left!' from 1 to 3, 'In Stock' otherwise (docs/spec.md §4).
 */
export function stockMessage(available: number, inCart = 0): { text: string; level: 'out' | 'low' | 'in' } {
  if (available <= 0 && inCart > 0) return { text: `All ${inCart} in your cart`, level: 'low' };
  if (available <= 0) return { text: outOfStock, level: 'out' };
  if (available <= LOW_STOCK_PAGE_AT_MOST) return { text: onlyLeftOnPage(available), level: 'low' };
  return { text: inStock, level: 'in' };
}

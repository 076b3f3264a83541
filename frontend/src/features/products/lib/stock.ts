import { inStock, LOW_STOCK_PAGE_AT_MOST, onlyLeftOnPage } from '@/api/rules/product.gen';
import { outOfStock } from '@/api/rules/storefront.gen';
import type productTexts from '@/i18n/en/product.json';
import type { Messages } from '@/lib/i18n';

/**
 * The product page's stock message for what is still available (stock minus what the cart already holds):
 * 'All {n} in your cart' when the shopper's own cart holds every unit left (docs/decisions/0033), out of stock at
 * 0 or less otherwise, 'Only {n} left!' from 1 to 3, 'In Stock' otherwise (docs/spec.md §4). English is the
 * server's text (`*.gen.ts`); `urdu`, when given, the product catalogue's.
 */
export function stockMessage(
  available: number,
  inCart = 0,
  urdu?: Messages<typeof productTexts>,
): { text: string; level: 'out' | 'low' | 'in' } {
  if (available <= 0 && inCart > 0) return { text: urdu ? urdu.allInCart({ count: inCart }) : `All ${inCart} in your cart`, level: 'low' };
  if (available <= 0) return { text: urdu ? urdu.outOfStock() : outOfStock, level: 'out' };
  if (available <= LOW_STOCK_PAGE_AT_MOST) return { text: urdu ? urdu.onlyLeft({ count: available }) : onlyLeftOnPage(available), level: 'low' };
  return { text: urdu ? urdu.inStock() : inStock, level: 'in' };
}

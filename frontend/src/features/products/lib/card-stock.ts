import { LOW_STOCK_CARD_BELOW, onlyLeftOnCard, outOfStock } from '@/api/rules/storefront.gen';
import type productTexts from '@/i18n/en/products.json';
import type { Messages } from '@/lib/i18n';

/**
 * A product card's stock text: out of stock at 0 or less, 'Only N left' below 3, otherwise none (docs/spec.md §4).
 * English is the server's text (`storefront.gen.ts`); `urdu`, when given, the products catalogue's.
 */
export function cardStockMessage(available: number, urdu?: Messages<typeof productTexts>): string | null {
  if (available <= 0) return urdu ? urdu.outOfStock() : outOfStock;
  if (available < LOW_STOCK_CARD_BELOW) return urdu ? urdu.onlyLeft({ count: available }) : onlyLeftOnCard(available);
  return null;
}

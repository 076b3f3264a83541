import { LOW_STOCK_CARD_BELOW, onlyLeftOnCard, outOfStock } from '@/api/rules/storefront.gen';

/** A product card's stock text: out of stock at 0 or less, 'Only N left' below 3, otherwise none (docs/spec.md §4). */
export function cardStockMessage(available: number): string | null {
  if (available <= 0) return outOfStock;
  if (available < LOW_STOCK_CARD_BELOW) return onlyLeftOnCard(available);
  return null;
}

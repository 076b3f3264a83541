import { unitLimitReached } from '@/api/rules/cart.gen';

/**
 * Why a stepper's plus stops at `quantity` (docs/decisions/0033): the most units of one product an order may
 * hold when that comes first, else the stock ('Only 2 in stock', or as `onlyInStock` words it in the page's
 * language); null while one more may be added.
 */
export function stepperStop(
  quantity: number,
  stock: number,
  maxPerItem: number,
  onlyInStock: (count: number) => string = (count) => `Only ${count} in stock`,
): string | null {
  if (maxPerItem < stock && quantity >= maxPerItem) return unitLimitReached(maxPerItem);
  if (quantity >= stock) return onlyInStock(stock);
  return null;
}

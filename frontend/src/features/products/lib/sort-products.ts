import type { Product } from '../types';

export type PriceOrder = 'low-to-high' | 'high-to-low';

export const PRICE_ORDERS: readonly { value: PriceOrder; label: string }[] = [
  { value: 'low-to-high', label: 'Price: Low to High' },
  { value: 'high-to-low', label: 'Price: High to Low' },
];

/** A sorted copy by the price the shopper sees (finalPrice); equal prices keep their order. */
export function sortByPrice(products: readonly Product[], order: PriceOrder): Product[] {
  const direction = order === 'low-to-high' ? 1 : -1;
  return [...products].sort((a, b) => direction * (a.finalPrice - b.finalPrice));
}

import type { CartState } from './cart-store';

/**
 * The state with `max` as the most units of one product an order may hold (the owner's setting, docs/security.md
 * 'Orders'): a line holding more is brought down to it, and its line then says why (CartLineItem). Only the cart
 * page and the checkout ask for the setting, so this lives beside them rather than in the store the home page
 * loads.
 */
export function withUnitLimit(state: CartState, max: number): CartState {
  if (!Number.isSafeInteger(max) || max < 1) return state;
  const over = state.items.some((item) => item.quantity > max);
  if (!over && state.maxPerItem === max) return state;
  const items = over ? state.items.map((item) => (item.quantity > max ? { ...item, quantity: max } : item)) : state.items;
  return { ...state, items, maxPerItem: max };
}

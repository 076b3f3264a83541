import { unitPrice } from './cart-rules';
import type { CartItem } from './cart-storage';
import { snapshot, type CartProduct, type CartState, type CartStore, type ItemStatus } from './cart-store';
import { formatPaisa } from './format';

function sameItem(a: CartItem, b: CartItem): boolean {
  return (Object.keys(a) as (keyof CartItem)[]).every((key) => a[key] === b[key]);
}

function sameStatus(a: ItemStatus | undefined, b: ItemStatus | undefined): boolean {
  return a?.unavailable === b?.unavailable && a?.notice === b?.notice;
}

/** What changed for the shopper between the snapshot and the fresh product, in a sentence or two. */
function changesOf(before: CartItem, after: CartItem): string[] {
  const notes: string[] = [];
  if (unitPrice(before) !== unitPrice(after)) {
    notes.push(`Price changed since you added it (was ${formatPaisa(unitPrice(before))}).`);
  }
  if (after.quantity < before.quantity) notes.push(`Only ${after.stock} left, so your quantity is now ${after.quantity}.`);
  if (before.freeDelivery && !after.freeDelivery) notes.push('Free delivery no longer applies to this item.');
  return notes;
}

/** The state with one item brought up to date with the API's product, or marked gone (`null`). */
export function withRefreshedProduct(state: CartState, productId: string, product: CartProduct | null): CartState {
  const item = state.items.find((i) => i.productId === productId);
  if (!item) return state;
  const previous = state.status[productId];
  if (product === null) {
    if (previous?.unavailable === 'gone') return state;
    return { ...state, status: { ...state.status, [productId]: { unavailable: 'gone' } } };
  }
  const quantity = product.stock > 0 ? Math.min(item.quantity, product.stock) : item.quantity;
  const fresh = snapshot(product, quantity);
  const notes = changesOf(item, fresh);
  const status: ItemStatus = {
    ...(product.stock <= 0 ? { unavailable: 'out-of-stock' as const } : {}),
    ...(notes.length > 0 ? { notice: notes.join(' ') } : previous?.notice ? { notice: previous.notice } : {}),
  };
  const items = sameItem(item, fresh) ? state.items : state.items.map((i) => (i === item ? fresh : i));
  if (items === state.items && sameStatus(previous, status)) return state;
  return { ...state, items, status: { ...state.status, [productId]: status } };
}

/**
 * Brings a cart item's snapshot up to date with the API's product (a changed price or stock updates it, with
 * a notice; none left leaves it out of the totals), or marks it gone (`null`). Only the cart page and the
 * checkout refresh products, so this lives here rather than in the store the home page loads.
 */
export function refreshProduct(store: CartStore, productId: string, product: CartProduct | null): void {
  store.update((state) => withRefreshedProduct(state, productId, product));
}

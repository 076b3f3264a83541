import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';

import { cartStore, itemCountOf, totalsOf, type CartState, type CartStore } from '../lib/cart-store';

const CartStoreContext = createContext<CartStore>(cartStore);

/** Tests hand components a store of their own; the app uses the page's one cart without a provider. */
export const CartStoreProvider = CartStoreContext.Provider;

export function useCartStore(): CartStore {
  return useContext(CartStoreContext);
}

/** The whole cart state; re-renders on every change. */
export function useCart(): CartState {
  const store = useCartStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** Total units, for the badge. */
export function useCartCount(): number {
  const store = useCartStore();
  const count = () => itemCountOf(store.getState());
  // The build draws the navigation bar with an empty store (render-shell), so the server's count is the store's.
  return useSyncExternalStore(store.subscribe, count, count);
}

/** The cart item of one product, if it is in the cart. */
export function useCartItem(productId: string) {
  const store = useCartStore();
  return useSyncExternalStore(store.subscribe, () => store.getState().items.find((item) => item.productId === productId));
}

/** The most units of one product an order may hold, as the cart knows it. */
export function useMaxPerItem(): number {
  const store = useCartStore();
  return useSyncExternalStore(store.subscribe, () => store.getState().maxPerItem);
}

/** The cart's figures in paisa. */
export function useCartTotals() {
  const state = useCart();
  return useMemo(() => totalsOf(state), [state]);
}

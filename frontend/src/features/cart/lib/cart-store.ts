import type { ProductResponse } from '@/api/generated';
import { MAX_UNITS_PER_PRODUCT } from '@/api/rules/cart.gen';

import { cartTotals, isBelowCouponMinimum, type CartLine, type CartTotals } from './cart-rules';
import type { AppliedCoupon } from './coupon-rules';
import { CART_STORAGE_KEY, emptyCart, parseStoredCart, serializeCart, type CartItem, type StoredCart } from './cart-storage';

/** The product fields the cart needs, as the API sends them. */
export type CartProduct = Pick<
  ProductResponse,
  '_id' | 'name' | 'nameUr' | 'price' | 'salePrice' | 'discountPercent' | 'stock' | 'freeDelivery' | 'media'
>;

/** What the cart page learnt about an item from the API this visit. Kept in memory only. */
export interface ItemStatus {
  /** `gone`: the product no longer exists; `out-of-stock`: none left. Either way it is left out of the totals. */
  unavailable?: 'gone' | 'out-of-stock';
  /** What changed since the shopper added it, e.g. 'Price changed since you added it (was Rs 999).' */
  notice?: string;
}

export interface CartState extends StoredCart {
  /** The settings' delivery charge in whole rupees: 0 until fetched (docs/spec.md §9). Not stored. */
  deliveryCharge: number;
  /** Whether `deliveryCharge` has been fetched; the coupon minimum is only checked once it has. */
  deliveryKnown: boolean;
  /**
   * The most units of one product an order may hold (docs/security.md 'Orders'): the default until the cart or
   * the checkout has asked the server for the owner's setting. Not stored.
   */
  maxPerItem: number;
  status: Readonly<Record<string, ItemStatus>>;
}

export interface CartStore {
  getState: () => CartState;
  subscribe: (listener: () => void) => () => void;
  /** Adds one unit; does nothing when the product is already in the cart or out of stock. */
  add: (product: CartProduct) => void;
  /** One more, only while the quantity is below stock and below `maxPerItem`. */
  increment: (productId: string) => void;
  /** One fewer; the item goes at 0. */
  decrement: (productId: string) => void;
  remove: (productId: string) => void;
  /** Empties the cart and drops the coupon (after an order, for instance). */
  clear: () => void;
  setCoupon: (coupon: AppliedCoupon | null) => void;
  setDeliveryCharge: (rupees: number) => void;
  /**
   * Replaces the state with `update(state)`, settled, stored and announced like any change (nothing when it
   * answers the same state). For changes only some pages make, such as `refreshProduct`, which live beside
   * those pages rather than in the home page's JavaScript.
   */
  update: (update: (state: CartState) => CartState) => void;
}

/** The lines that count towards the totals: every item but those found unavailable. */
export function countedLines(state: Pick<CartState, 'items' | 'status'>): CartItem[] {
  return state.items.filter((item) => !state.status[item.productId]?.unavailable);
}

/** The cart's figures (paisa), with the held coupon's discount. */
export function totalsOf(state: CartState): CartTotals {
  return cartTotals(countedLines(state), state.deliveryCharge, state.coupon?.discount ?? 0);
}

/** Total units in the cart, for the badge. */
export function itemCountOf(state: Pick<CartState, 'items'>): number {
  return state.items.reduce((sum, item) => sum + item.quantity, 0);
}

function firstImage(product: CartProduct): string | null {
  return (product.media.find((item) => item.kind === 'image') ?? product.media[0])?.url ?? null;
}

/** The cart's copy of a product, at `quantity`. */
export function snapshot(product: CartProduct, quantity: number): CartItem {
  return {
    productId: product._id,
    name: product.name,
    price: product.price,
    salePrice: product.salePrice ?? null,
    discountPercent: product.discountPercent,
    stock: product.stock,
    freeDelivery: product.freeDelivery,
    image: firstImage(product),
    quantity,
    ...(product.nameUr ? { nameUr: product.nameUr } : {}),
  };
}

/** The coupon goes when nothing countable is left, or once the cart total is below its minimum. */
function settle(state: CartState): CartState {
  if (!state.coupon) return state;
  const lines: CartLine[] = countedLines(state);
  if (lines.length === 0) return { ...state, coupon: null };
  if (state.deliveryKnown && isBelowCouponMinimum(totalsOf(state).cartTotal, state.coupon.minPrice)) {
    return { ...state, coupon: null };
  }
  return state;
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be switched off (some private modes); the cart then lives for the page only.
    return null;
  }
}

/**
 * A tiny external store for `useSyncExternalStore`. The items and coupon persist in `storage` under one
 * versioned key and follow changes made in other tabs (the `storage` event).
 */
export function createCartStore(storage: Storage | null = browserStorage(), events: EventTarget | null = globalThis): CartStore {
  const read = (): StoredCart => {
    try {
      return parseStoredCart(storage?.getItem(CART_STORAGE_KEY) ?? null);
    } catch {
      return emptyCart;
    }
  };

  let state: CartState = { ...read(), deliveryCharge: 0, deliveryKnown: false, maxPerItem: MAX_UNITS_PER_PRODUCT, status: {} };
  const listeners = new Set<() => void>();

  const persist = (next: CartState) => {
    try {
      storage?.setItem(CART_STORAGE_KEY, serializeCart(next));
    } catch {
      // Full or unavailable storage: keep going in memory.
    }
  };

  const commit = (next: CartState, { save = true }: { save?: boolean } = {}) => {
    const settled = settle(next);
    if (settled === state) return;
    const stored = settled.items !== state.items || settled.coupon !== state.coupon;
    state = settled;
    if (save && stored) persist(state);
    listeners.forEach((listener) => {
      listener();
    });
  };

  const updateItems = (update: (items: CartItem[]) => CartItem[]) => {
    const items = update(state.items.slice());
    const kept = new Set(items.map((item) => item.productId));
    const status = Object.fromEntries(Object.entries(state.status).filter(([id]) => kept.has(id)));
    commit({ ...state, items, status });
  };

  const findItem = (productId: string) => state.items.find((item) => item.productId === productId);

  events?.addEventListener('storage', (event) => {
    const { key, storageArea } = event as StorageEvent;
    if ((key !== CART_STORAGE_KEY && key !== null) || storageArea !== storage) return;
    const stored = read();
    const kept = new Set(stored.items.map((item) => item.productId));
    const status = Object.fromEntries(Object.entries(state.status).filter(([id]) => kept.has(id)));
    const next = settle({ ...state, ...stored, status });
    // Write back only if this tab's knowledge (the delivery charge) dropped the coupon.
    commit(next, { save: next.coupon !== stored.coupon });
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    add(product) {
      if (findItem(product._id) || product.stock <= 0) return;
      updateItems((items) => [...items, snapshot(product, 1)]);
    },
    increment(productId) {
      const item = findItem(productId);
      if (!item || item.quantity >= Math.min(item.stock, state.maxPerItem)) return;
      updateItems((items) => items.map((i) => (i === item ? { ...i, quantity: i.quantity + 1 } : i)));
    },
    decrement(productId) {
      const item = findItem(productId);
      if (!item) return;
      updateItems((items) =>
        item.quantity <= 1 ? items.filter((i) => i !== item) : items.map((i) => (i === item ? { ...i, quantity: i.quantity - 1 } : i)),
      );
    },
    remove(productId) {
      if (!findItem(productId)) return;
      updateItems((items) => items.filter((i) => i.productId !== productId));
    },
    clear() {
      commit({ ...state, items: [], coupon: null, status: {} });
    },
    setCoupon(coupon) {
      commit({ ...state, coupon });
    },
    setDeliveryCharge(rupees) {
      if (!Number.isFinite(rupees) || rupees < 0) return;
      if (state.deliveryKnown && state.deliveryCharge === rupees) return;
      commit({ ...state, deliveryCharge: rupees, deliveryKnown: true });
    },
    update(update) {
      const next = update(state);
      if (next !== state) commit(next);
    },
  };
}

/** The shopper's cart: one per page, shared by every component through the hooks. */
export const cartStore = createCartStore();

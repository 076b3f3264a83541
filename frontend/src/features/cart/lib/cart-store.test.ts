import { describe, expect, it, vi } from 'vitest';

import { makeProduct } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';

import { CART_STORAGE_KEY } from './cart-storage';
import { createCartStore, itemCountOf, totalsOf } from './cart-store';
import { refreshProduct } from './refresh-product';
import { withUnitLimit } from './unit-limit';

function setup(storage = new MemoryStorage()) {
  const events = new EventTarget();
  const store = createCartStore(storage, events);
  return { store, storage, events };
}

function stored(storage: Storage): unknown {
  return JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null');
}

describe('cart store', () => {
  it('adds a product once, at quantity 1, with a snapshot of what the cart needs', () => {
    const { store } = setup();
    const product = makeProduct({
      _id: 'p1',
      name: 'Anker Charger',
      price: 2499,
      salePrice: 1999,
      discountPercent: 0,
      stock: 5,
      freeDelivery: true,
      media: [
        { url: '/media/v.mp4', kind: 'video', variants: [] },
        { url: '/media/a.png', kind: 'image', width: 800, variants: [] },
      ],
    });

    store.add(product);
    store.add(product);

    expect(store.getState().items).toEqual([
      {
        productId: 'p1',
        name: 'Anker Charger',
        price: 2499,
        salePrice: 1999,
        discountPercent: 0,
        stock: 5,
        freeDelivery: true,
        image: '/media/a.png',
        quantity: 1,
      },
    ]);
  });

  it('does not add a product that is out of stock', () => {
    const { store } = setup();

    store.add(makeProduct({ stock: 0 }));

    expect(store.getState().items).toEqual([]);
  });

  it('increments only while the quantity is below stock', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', stock: 2 }));

    store.increment('p1');
    store.increment('p1');
    store.increment('p1');

    expect(store.getState().items[0]?.quantity).toBe(2);
    expect(itemCountOf(store.getState())).toBe(2);
  });

  it('increments only up to the most units of one product an order may hold, whatever the stock', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', stock: 50 }));

    for (let i = 0; i < 15; i++) store.increment('p1');

    expect(store.getState().maxPerItem).toBe(10);
    expect(store.getState().items[0]?.quantity).toBe(10);
  });

  it('takes the owner’s unit limit, bringing a line above it down to it, and follows it when incrementing', () => {
    const { store, storage } = setup();
    store.add(makeProduct({ _id: 'p1', stock: 50 }));
    store.add(makeProduct({ _id: 'p2', stock: 50 }));
    for (let i = 0; i < 7; i++) store.increment('p1');

    store.update((state) => withUnitLimit(state, 5));
    for (let i = 0; i < 7; i++) store.increment('p2');

    expect(store.getState().items.map((item) => item.quantity)).toEqual([5, 5]);
    expect(stored(storage)).toMatchObject({ items: [{ quantity: 5 }, { quantity: 5 }] });
    const before = store.getState();
    store.update((state) => withUnitLimit(state, 5));
    store.update((state) => withUnitLimit(state, 0));
    expect(store.getState()).toBe(before);
    store.update((state) => withUnitLimit(state, 20));
    store.increment('p1');
    expect(store.getState().items[0]?.quantity).toBe(6);
  });

  it('decrements and removes the item at 0', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', stock: 3 }));
    store.increment('p1');

    store.decrement('p1');
    expect(store.getState().items[0]?.quantity).toBe(1);
    store.decrement('p1');

    expect(store.getState().items).toEqual([]);
  });

  it('removes an item and clears the cart with its coupon', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', price: 3000 }));
    store.add(makeProduct({ _id: 'p2', price: 3000 }));
    store.setCoupon({ code: 'FLAT200', minPrice: 0, discount: 200, cartTotal: 600000 });

    store.remove('p1');
    expect(store.getState().items.map((item) => item.productId)).toEqual(['p2']);
    store.clear();

    expect(store.getState().items).toEqual([]);
    expect(store.getState().coupon).toBeNull();
  });

  it('tells subscribers about changes, and not about no-ops', () => {
    const { store } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    const product = makeProduct({ _id: 'p1', stock: 1 });

    store.add(product);
    store.add(product);
    store.increment('p1');

    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('cart storage', () => {
  it('keeps the cart under one key with a version, and a new page reads it back', () => {
    const { store, storage } = setup();
    store.add(makeProduct({ _id: 'p1', name: 'Cable', stock: 4 }));
    store.increment('p1');
    store.setCoupon({ code: 'WELCOME10', minPrice: 0, discount: 100, cartTotal: 700000 });

    expect(stored(storage)).toMatchObject({ version: 1, items: [{ productId: 'p1', quantity: 2 }], coupon: { code: 'WELCOME10' } });
    const reloaded = setup(storage).store;
    expect(reloaded.getState().items).toEqual(store.getState().items);
    expect(reloaded.getState().coupon).toEqual(store.getState().coupon);
  });

  it('reads a cart of an unknown version as empty and leaves it in place', () => {
    const storage = new MemoryStorage();
    const future = JSON.stringify({ version: 2, lines: [{ id: 'p1', qty: 3 }] });
    storage.setItem(CART_STORAGE_KEY, future);

    const { store } = setup(storage);

    expect(store.getState().items).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBe(future);
  });

  it('reads damaged storage as an empty cart', () => {
    for (const raw of ['{not json', '[]', 'null', '{"items":[]}', '{"version":"1","items":[]}']) {
      const storage = new MemoryStorage();
      storage.setItem(CART_STORAGE_KEY, raw);
      expect(setup(storage).store.getState()).toMatchObject({ items: [], coupon: null });
    }
  });

  it('drops a damaged or duplicated item and keeps the others', () => {
    const storage = new MemoryStorage();
    const good = {
      productId: 'p1',
      name: 'Cable',
      price: 499,
      salePrice: null,
      discountPercent: 0,
      stock: 3,
      freeDelivery: false,
      image: null,
      quantity: 2,
    };
    storage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 1, items: [good, { ...good, productId: 'p2', quantity: 0 }, { ...good, quantity: 1 }], coupon: null }),
    );

    expect(setup(storage).store.getState().items).toEqual([good]);
  });

  it('keeps working in memory when storage refuses to write', () => {
    const storage = new MemoryStorage();
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { store } = setup(storage);

    store.add(makeProduct({ _id: 'p1' }));

    expect(store.getState().items).toHaveLength(1);
  });

  it('follows a change made in another tab', () => {
    const { store, storage, events } = setup();
    const other = createCartStore(storage, new EventTarget());
    other.add(makeProduct({ _id: 'p9', stock: 5 }));
    const listener = vi.fn();
    store.subscribe(listener);

    events.dispatchEvent(Object.assign(new Event('storage'), { key: CART_STORAGE_KEY, storageArea: storage }));

    expect(store.getState().items.map((item) => item.productId)).toEqual(['p9']);
    expect(listener).toHaveBeenCalled();
  });
});

describe('coupon auto-removal', () => {
  // Rs 399 × 4 + Rs 250 delivery = Rs 1,846, above WELCOME10's minimum of Rs 1,500; × 3 is Rs 1,447.
  function cartWithCoupon() {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', price: 399, finalPrice: 399, stock: 10, freeDelivery: false }));
    for (let i = 0; i < 3; i++) store.increment('p1');
    store.setCoupon({ code: 'WELCOME10', minPrice: 1500, discount: 185, cartTotal: 184600 });
    return store;
  }

  it('drops the coupon once subtotal plus delivery falls below its minimum', () => {
    const store = cartWithCoupon();
    store.setDeliveryCharge(250);
    expect(store.getState().coupon?.code).toBe('WELCOME10');

    store.decrement('p1');

    expect(totalsOf(store.getState()).cartTotal).toBe(144700);
    expect(store.getState().coupon).toBeNull();
  });

  it('waits for the delivery charge before judging the minimum', () => {
    const store = cartWithCoupon();

    store.decrement('p1');
    expect(store.getState().coupon?.code).toBe('WELCOME10');
    store.setDeliveryCharge(250);

    expect(store.getState().coupon).toBeNull();
  });

  it('keeps the coupon at exactly the minimum', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', price: 1250, stock: 10 }));
    store.setDeliveryCharge(250);

    store.setCoupon({ code: 'WELCOME10', minPrice: 1500, discount: 150, cartTotal: 150000 });

    expect(store.getState().coupon?.code).toBe('WELCOME10');
  });

  it('drops the coupon when the cart empties', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1' }));
    store.setCoupon({ code: 'FLAT200', minPrice: 0, discount: 200, cartTotal: 350000 });

    store.remove('p1');

    expect(store.getState().coupon).toBeNull();
  });
});

describe('refreshing items from the API', () => {
  it('updates a changed price and says so', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', price: 999, salePrice: null, discountPercent: 0 }));

    refreshProduct(store, 'p1', makeProduct({ _id: 'p1', price: 1199, salePrice: null, discountPercent: 0 }));

    expect(store.getState().items[0]?.price).toBe(1199);
    expect(store.getState().status.p1?.notice).toBe('Price changed since you added it (was Rs 999).');
  });

  it('keeps the notice when the same product is seen again', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', price: 999 }));
    const fresh = makeProduct({ _id: 'p1', price: 1199 });
    refreshProduct(store, 'p1', fresh);
    const listener = vi.fn();
    store.subscribe(listener);

    refreshProduct(store, 'p1', fresh);

    expect(listener).not.toHaveBeenCalled();
    expect(store.getState().status.p1?.notice).toMatch(/^Price changed/);
  });

  it('lowers the quantity to a smaller stock', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', stock: 5 }));
    for (let i = 0; i < 3; i++) store.increment('p1');

    refreshProduct(store, 'p1', makeProduct({ _id: 'p1', stock: 2 }));

    expect(store.getState().items[0]).toMatchObject({ quantity: 2, stock: 2 });
    expect(store.getState().status.p1?.notice).toBe('Only 2 left, so your quantity is now 2.');
  });

  it('leaves a product that is gone or out of stock out of the totals', () => {
    const { store } = setup();
    store.add(makeProduct({ _id: 'p1', price: 1000 }));
    store.add(makeProduct({ _id: 'p2', price: 500 }));
    store.add(makeProduct({ _id: 'p3', price: 300 }));

    refreshProduct(store, 'p1', null);
    refreshProduct(store, 'p2', makeProduct({ _id: 'p2', price: 500, stock: 0 }));

    expect(store.getState().status).toEqual({ p1: { unavailable: 'gone' }, p2: { unavailable: 'out-of-stock' } });
    expect(totalsOf(store.getState()).subtotal).toBe(30000);
    expect(store.getState().items).toHaveLength(3);
  });
});

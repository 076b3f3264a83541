import { describe, expect, it } from 'vitest';

import { makeProduct } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';

import { takeQuote, matchesQuote } from '../api/sync-with-quote';

import { CART_STORAGE_KEY } from './cart-storage';
import { createCartStore } from './cart-store';
import { orderFiguresOf } from './order-figures';
import { refreshProduct } from './refresh-product';

function cart() {
  const store = createCartStore(new MemoryStorage(), new EventTarget());
  // Rs 1,299 less 15% = Rs 1104.15 each; Rs 999 ships free.
  store.add(makeProduct({ _id: '1', name: 'Clear Case', price: 1299, discountPercent: 15, stock: 10 }));
  store.increment('1');
  store.add(makeProduct({ _id: '2', name: 'Cable', price: 999, stock: 10, freeDelivery: true }));
  store.setDeliveryCharge(250);
  return store;
}

describe('orderFiguresOf', () => {
  it('gives the cart’s figures in whole rupees: unit prices rounded, the subtotal rounded from the exact sum', () => {
    const store = cart();
    store.setCoupon({ code: 'WELCOME10', minPrice: 1500, discount: 346, cartTotal: 345730 });

    expect(orderFiguresOf(store.getState())).toEqual({
      cart: [
        { productId: '1', name: 'Clear Case', quantity: 2, price: 1104 },
        { productId: '2', name: 'Cable', quantity: 1, price: 999 },
      ],
      subtotal: 3207,
      deliveryCharge: 250,
      coupon: 'WELCOME10',
      couponDiscount: 346,
      total: 3111,
    });
  });

  it('has no coupon and no discount without one, and leaves out items found gone', () => {
    const store = cart();
    refreshProduct(store, '2', null);

    expect(orderFiguresOf(store.getState())).toMatchObject({
      cart: [{ productId: '1', quantity: 2 }],
      subtotal: 2208,
      coupon: null,
      couponDiscount: 0,
      total: 2458,
    });
  });
});

describe('taking a quote', () => {
  it('lowers quantities to the quote’s, takes its coupon discount and then matches it', () => {
    const store = cart();
    store.setCoupon({ code: 'FLAT200', minPrice: 2000, discount: 200, cartTotal: 345730 });
    const quote = {
      cart: [
        { productId: '1', name: 'Clear Case', quantity: 1, price: 1104 },
        { productId: '2', name: 'Cable', quantity: 1, price: 999 },
      ],
      subtotal: 2103,
      deliveryCharge: 250,
      coupon: 'FLAT200',
      couponDiscount: 150,
      total: 2203,
    };
    expect(matchesQuote(orderFiguresOf(store.getState()), quote)).toBe(false);

    takeQuote(store, quote);

    expect(store.getState().items[0]?.quantity).toBe(1);
    expect(store.getState().coupon).toEqual({ code: 'FLAT200', minPrice: 2000, discount: 150, cartTotal: 235315 });
    expect(matchesQuote(orderFiguresOf(store.getState()), quote)).toBe(true);
  });

  it('drops the coupon the quote dropped', () => {
    const store = cart();
    store.setCoupon({ code: 'FLAT200', minPrice: 2000, discount: 200, cartTotal: 345730 });

    takeQuote(store, { ...orderFiguresOf(store.getState()), coupon: null, couponDiscount: 0 });

    expect(store.getState().coupon).toBeNull();
  });
});

describe('a placed order in another tab', () => {
  it('empties this tab’s cart too', () => {
    const storage = new MemoryStorage();
    const events = new EventTarget();
    const here = createCartStore(storage, events);
    here.add(makeProduct({ _id: '5', stock: 3 }));
    here.setCoupon({ code: 'FLAT200', minPrice: 0, discount: 200, cartTotal: 400000 });
    const checkoutTab = createCartStore(storage, new EventTarget());

    checkoutTab.clear();
    events.dispatchEvent(Object.assign(new Event('storage'), { key: CART_STORAGE_KEY, storageArea: storage }));

    expect(here.getState().items).toEqual([]);
    expect(here.getState().coupon).toBeNull();
  });
});

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { QuoteResponse } from '@/api/generated';

import { getProductQueryOptions, ProductNotFoundError } from '@/lib/product-query';

import { useCartStore } from '../hooks/use-cart';
import { refreshProduct } from '../lib/refresh-product';
import type { CartStore } from '../lib/cart-store';
import { totalsOf } from '../lib/cart-store';
import { orderFiguresOf, type OrderFigures } from '../lib/order-figures';

import { getDeliveryChargeQueryOptions } from './get-delivery-charge';

/** The server's own figures for an order it refused (docs/orders.md: the `quote` of a 409). */
export type Quote = Omit<QuoteResponse, 'changes'>;

/** Whether the cart's figures are the quote's, line for line. */
export function matchesQuote(figures: OrderFigures, quote: Quote): boolean {
  const lines = (lines: Quote['cart']) =>
    JSON.stringify(lines.map(({ productId, quantity, price }) => [productId, quantity, price]).sort());
  return (
    figures.subtotal === quote.subtotal &&
    figures.deliveryCharge === quote.deliveryCharge &&
    figures.couponDiscount === quote.couponDiscount &&
    figures.total === quote.total &&
    (figures.coupon ?? '').toUpperCase() === (quote.coupon ?? '').toUpperCase() &&
    lines(figures.cart) === lines(quote.cart)
  );
}

/** Takes the quote's quantities and coupon into the cart, once its products and delivery charge are fresh. */
export function takeQuote(store: CartStore, quote: Quote): void {
  // Lowered one step at a time through the store's own rule (the store stays as small as the home page needs).
  for (const line of quote.cart) {
    const limit = Math.max(1, line.quantity);
    const quantityOf = () => store.getState().items.find((item) => item.productId === line.productId)?.quantity ?? 0;
    while (quantityOf() > limit) store.decrement(line.productId);
  }
  const { coupon } = store.getState();
  if (!coupon) return;
  if (!quote.coupon) {
    store.setCoupon(null);
    return;
  }
  const { cartTotal } = totalsOf(store.getState());
  store.setCoupon({ ...coupon, code: quote.coupon, discount: quote.couponDiscount, cartTotal });
}

/**
 * Brings the cart up to date after the server refused an order's figures (409 with its quote): every item's
 * product and the delivery charge are fetched again (prices, stock, free delivery), then the quote's
 * quantities and coupon are taken, so the summary shows, by the cart's one pricing rule, what the next
 * attempt will be charged. Answers whether the cart's figures now are the quote's.
 */
export function useSyncCartWithQuote(): (quote: Quote) => Promise<boolean> {
  const store = useCartStore();
  const queryClient = useQueryClient();

  return useCallback(
    async (quote: Quote) => {
      const ids = store.getState().items.map((item) => item.productId);
      await Promise.all([
        ...ids.map(async (id) => {
          try {
            const product = await queryClient.query({ ...getProductQueryOptions(id), staleTime: 0, retry: false });
            refreshProduct(store, id, product);
          } catch (error) {
            if (error instanceof ProductNotFoundError) refreshProduct(store, id, null);
          }
        }),
        queryClient
          .query({ ...getDeliveryChargeQueryOptions(), staleTime: 0 })
          .then(({ deliveryCharge }) => {
            store.setDeliveryCharge(deliveryCharge);
          })
          .catch(() => undefined),
      ]);
      takeQuote(store, quote);
      return matchesQuote(orderFiguresOf(store.getState()), quote);
    },
    [store, queryClient],
  );
}

import { useQueries } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { getProduct } from '@/api/generated';
import { getProductQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { useCartStore } from '../hooks/use-cart';

/** The product was deleted: the API answers 404 for its id. */
export class ProductGoneError extends Error {
  constructor(productId: string) {
    super(`Product ${productId} no longer exists.`);
    this.name = 'ProductGoneError';
  }
}

/** One product, under the generated key (so the product page shares the cache); a 404 throws ProductGoneError. */
export function getCartProductQueryOptions(productId: string) {
  const options = { path: { id: productId } };
  return {
    queryKey: getProductQueryKey(options),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { data, response } = await getProduct({ ...options, signal });
      if (data) return data;
      if ((response as Response | undefined)?.status === 404) throw new ProductGoneError(productId);
      throw new Error(`Product ${productId} could not be loaded.`);
    },
    // Always ask again on the cart page: prices and stock may have moved since the item was added.
    staleTime: 0,
    retry: false,
  };
}

/**
 * Refreshes every cart item from the API while the cart page shows: changed prices and stock update the
 * item (with a notice), deleted products are marked gone. A failed call changes nothing.
 */
export function useRefreshCartProducts(): void {
  const store = useCartStore();
  const ids = useSyncExternalStore(store.subscribe, () => store.getState().items.map((item) => item.productId).join('\n'));
  const productIds = ids === '' ? [] : ids.split('\n');
  const results = useQueries({ queries: productIds.map(getCartProductQueryOptions) });

  useEffect(() => {
    results.forEach((result, index) => {
      const productId = productIds[index];
      // Only answers fetched for this visit count: a cached product may be older than the cart's snapshot.
      if (productId === undefined || !result.isFetchedAfterMount || result.isFetching) return;
      if (result.error instanceof ProductGoneError) store.refreshProduct(productId, null);
      else if (result.isSuccess) store.refreshProduct(productId, result.data);
    });
  });
}

import { useQueries } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { getProductQueryOptions, ProductNotFoundError } from '@/lib/product-query';

import { useCartStore } from '../hooks/use-cart';
import { refreshProduct } from '../lib/refresh-product';

/** A cart item's product, shared with the product page; asked again on every visit to the cart. */
function cartProductQueryOptions(productId: string) {
  // Prices and stock may have moved since the item was added; a failure changes nothing, so no retry.
  return { ...getProductQueryOptions(productId), staleTime: 0, retry: false };
}

/**
 * Refreshes every cart item from the API while the cart page shows: changed prices and stock update the
 * item (with a notice), products no longer found are marked gone. A failed call changes nothing.
 */
export function useRefreshCartProducts(): void {
  const store = useCartStore();
  const ids = useSyncExternalStore(store.subscribe, () => store.getState().items.map((item) => item.productId).join('\n'));
  const productIds = ids === '' ? [] : ids.split('\n');
  const results = useQueries({ queries: productIds.map(cartProductQueryOptions) });

  useEffect(() => {
    results.forEach((result, index) => {
      const productId = productIds[index];
      // Only answers fetched for this visit count: a cached product may be older than the cart's snapshot.
      if (productId === undefined || !result.isFetchedAfterMount || result.isFetching) return;
      if (result.error instanceof ProductNotFoundError) refreshProduct(store, productId, null);
      else if (result.isSuccess) refreshProduct(store, productId, result.data);
    });
  });
}

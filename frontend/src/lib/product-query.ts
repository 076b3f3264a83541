import { queryOptions } from '@tanstack/react-query';

import { getProduct } from '@/api/generated';
import { getProductQueryKey } from '@/api/generated/@tanstack/react-query.gen';

/** No product has this id: the API answered 404, or 400 for an id that cannot name one. */
export class ProductNotFoundError extends Error {
  constructor(productId: string) {
    super(`No product has the id ${productId}.`);
    this.name = 'ProductNotFoundError';
  }
}

/**
 * GET /api/products/{id} under the generated key: the one query function for that key, so the product page
 * and the cart's refresh read the same answer and the same errors from the cache. An unknown or malformed id
 * throws ProductNotFoundError; any other failure throws a plain Error. (Features do not import each other, so
 * it lives here, like the categories' list.)
 */
export function getProductQueryOptions(productId: string) {
  const options = { path: { id: productId } };
  return queryOptions({
    queryKey: getProductQueryKey(options),
    queryFn: async ({ signal }) => {
      const { data, response } = await getProduct({ ...options, signal });
      if (data) return data;
      const status = (response as Response | undefined)?.status;
      if (status === 404 || status === 400) throw new ProductNotFoundError(productId);
      throw new Error(`Product ${productId} could not be loaded.`);
    },
  });
}

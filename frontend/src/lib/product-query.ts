import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { getProduct } from '@/api/generated';
import { getProductQueryKey } from '@/api/generated/@tanstack/react-query.gen';

/** No product has this id: the API answered 404, or 400 (or the client refused) an id that cannot name one. */
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
      // The generated client refuses an id of the wrong form before sending it; none names a product.
      const { data, response } = await getProduct({ ...options, signal }).catch((error: unknown) => {
        if (error instanceof z.core.$ZodError && error.issues.every((issue) => issue.path[0] === 'path')) {
          throw new ProductNotFoundError(productId);
        }
        throw error;
      });
      if (data) return data;
      const status = (response as Response | undefined)?.status;
      if (status === 404 || status === 400) throw new ProductNotFoundError(productId);
      throw new Error(`Product ${productId} could not be loaded.`);
    },
  });
}

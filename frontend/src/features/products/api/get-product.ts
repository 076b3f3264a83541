import { useQuery } from '@tanstack/react-query';

import { getProduct } from '@/api/generated';
import { getProductQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { useRetryUnless } from '@/lib/retry';

/** No product has this id: the API answered 404, or 400 for an id that cannot be one. */
export class ProductNotFoundError extends Error {
  constructor(productId: string) {
    super(`No product has the id ${productId}.`);
    this.name = 'ProductNotFoundError';
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof ProductNotFoundError;
}

/**
 * One product under the generated key (the cart page refreshes its items through the same cache entry).
 * Unknown and malformed ids throw ProductNotFoundError; any other failure throws a plain Error.
 */
export function getProductQueryOptions(productId: string) {
  const options = { path: { id: productId } };
  return {
    queryKey: getProductQueryKey(options),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { data, response } = await getProduct({ ...options, signal });
      if (data) return data;
      const status = (response as Response | undefined)?.status;
      if (status === 404 || status === 400) throw new ProductNotFoundError(productId);
      throw new Error(`Product ${productId} could not be loaded.`);
    },
  };
}

export function useProduct(productId: string) {
  const retry = useRetryUnless(isNotFound);
  const query = useQuery({ ...getProductQueryOptions(productId), retry });
  return { ...query, notFound: isNotFound(query.error) };
}

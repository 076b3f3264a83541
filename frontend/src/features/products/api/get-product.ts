import { useQuery } from '@tanstack/react-query';

import { getProductQueryOptions, ProductNotFoundError } from '@/lib/product-query';
import { useRetryUnless } from '@/lib/retry';

function isNotFound(error: unknown): boolean {
  return error instanceof ProductNotFoundError;
}

/** One product for its page; `notFound` when no product has the id (no retry then). */
export function useProduct(productId: string) {
  const retry = useRetryUnless(isNotFound);
  const query = useQuery({ ...getProductQueryOptions(productId), retry });
  return { ...query, notFound: isNotFound(query.error) };
}

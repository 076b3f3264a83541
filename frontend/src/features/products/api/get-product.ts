import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import type { GetProductResponse } from '@/api/generated';

import { getProductQueryOptions, ProductNotFoundError } from '@/lib/product-query';
import { primeMissing } from '@/lib/prime-missing';
import { useRetryUnless } from '@/lib/retry';

function isNotFound(error: unknown): boolean {
  return error instanceof ProductNotFoundError;
}

/** One product for its page; `notFound` when no product has the id (no retry then). */
export function useProduct(productId: string) {
  const retry = useRetryUnless(isNotFound);
  const options = getProductQueryOptions(productId);
  // A product the shop already said does not exist is not asked for again on mount (`primeMissingProduct`).
  const knownMissing = isNotFound(useQueryClient().getQueryState(options.queryKey)?.error);
  const query = useQuery({ ...options, retry, retryOnMount: !knownMissing });
  return { ...query, notFound: isNotFound(query.error) };
}

/**
 * Puts the product the server wrote into the page (GET /api/products/{id}'s answer, docs/seo.md) into the
 * cache under `productId`, the id as the page's address writes it, when it passes the check that answer
 * passes; anything else is left out and the page loads the product as usual. Answers whether it was taken.
 */
export async function primeProduct(queryClient: QueryClient, productId: string, product: unknown): Promise<boolean> {
  // The check the client runs on every answer, from the same lazily loaded module (api/generated/sdk.gen.ts).
  const { zGetProductResponse } = await import('@/api/generated/zod.gen');
  const checked = await zGetProductResponse.safeParseAsync(product);
  if (!checked.success) return false;
  queryClient.setQueryData(getProductQueryOptions(productId).queryKey, product as GetProductResponse);
  return true;
}

/**
 * Records that no product has `productId` (the server answered the page with 404), so the product page shows
 * 'Product not found' without asking the API, a request the browser would log as a failure.
 */
export async function primeMissingProduct(queryClient: QueryClient, productId: string): Promise<void> {
  await primeMissing(queryClient, getProductQueryOptions(productId).queryKey, new ProductNotFoundError(productId));
}

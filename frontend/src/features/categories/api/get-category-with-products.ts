import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { getCategoryWithProducts } from '@/api/generated';
import { getCategoryWithProductsQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { primeMissing } from '@/lib/prime-missing';
import { useRetryUnless } from '@/lib/retry';

/** No category has this id: the API answered 404, or 400 for an id that cannot be one. */
export class CategoryNotFoundError extends Error {
  constructor(categoryId: string) {
    super(`No category has the id ${categoryId}.`);
    this.name = 'CategoryNotFoundError';
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof CategoryNotFoundError;
}

/** A category page (the category, its own products, a section per child) under the generated key. */
export function getCategoryPageQueryOptions(categoryId: string) {
  const options = { path: { id: categoryId } };
  return {
    queryKey: getCategoryWithProductsQueryKey(options),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { data, response } = await getCategoryWithProducts({ ...options, signal });
      if (data) return data;
      const status = (response as Response | undefined)?.status;
      if (status === 404 || status === 400) throw new CategoryNotFoundError(categoryId);
      throw new Error(`Category ${categoryId} could not be loaded.`);
    },
  };
}

export function useCategoryPage(categoryId: string) {
  const retry = useRetryUnless(isNotFound);
  const options = getCategoryPageQueryOptions(categoryId);
  // A category the shop already said does not exist is not asked for again on mount (`primeMissingCategory`).
  const knownMissing = isNotFound(useQueryClient().getQueryState(options.queryKey)?.error);
  const query = useQuery({ ...options, retry, retryOnMount: !knownMissing });
  return { ...query, notFound: isNotFound(query.error) };
}

/**
 * Records that no category has `categoryId` (the server answered the page with 404), so the category page
 * shows 'Category not found' without asking the API, a request the browser would log as a failure.
 */
export async function primeMissingCategory(queryClient: QueryClient, categoryId: string): Promise<void> {
  await primeMissing(queryClient, getCategoryPageQueryOptions(categoryId).queryKey, new CategoryNotFoundError(categoryId));
}

import { useQuery } from '@tanstack/react-query';

import { getCategoryWithProducts } from '@/api/generated';
import { getCategoryWithProductsQueryKey } from '@/api/generated/@tanstack/react-query.gen';
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
  const query = useQuery({ ...getCategoryPageQueryOptions(categoryId), retry });
  return { ...query, notFound: isNotFound(query.error) };
}

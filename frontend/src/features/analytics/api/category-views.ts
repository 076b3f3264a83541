import { queryOptions, useQuery } from '@tanstack/react-query';

import { categoryViews } from '@/api/generated';
import { categoryViewsQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { fetchAllPages } from '@/lib/fetch-all-pages';

/** What the category views page says when the table could not be loaded. */
export const CATEGORY_VIEWS_LOAD_FAILED = 'Could not load category views.';

/** GET /api/categories/category-views, page after page until every category is in: the analytics table. */
export function getCategoryViewsQueryOptions() {
  return queryOptions({
    queryKey: categoryViewsQueryKey(),
    queryFn: ({ queryKey: [{ baseUrl }], signal }) =>
      fetchAllPages(
        async (query) => (await categoryViews({ baseUrl, query, signal, throwOnError: true })).data,
        signal,
      ),
    staleTime: 0,
  });
}

export function useCategoryViews() {
  return useQuery(getCategoryViewsQueryOptions());
}

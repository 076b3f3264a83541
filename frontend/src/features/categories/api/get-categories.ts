import { useQuery } from '@tanstack/react-query';

import { getAllCategoriesQueryOptions } from '@/lib/categories-query';

/** Every category, fetched page after page and cached as one list (see `getAllCategoriesQueryOptions`). */
export function getCategoriesQueryOptions() {
  return getAllCategoriesQueryOptions();
}

/** All categories; the menu and the home page share this one cached list. */
export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}

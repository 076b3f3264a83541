import { useQuery } from '@tanstack/react-query';

import { listCategoriesOptions } from '@/api/generated/@tanstack/react-query.gen';

export function getCategoriesQueryOptions() {
  return listCategoriesOptions();
}

/** All categories; the menu and the home page share this one cached request. */
export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}

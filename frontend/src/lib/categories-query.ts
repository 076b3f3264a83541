import { queryOptions } from '@tanstack/react-query';

import { listCategories } from '@/api/generated';
import { listCategoriesQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { fetchAllPages } from './fetch-all-pages';

/**
 * GET /api/categories page after page (limit 100, offset 0, 100, …) until a short page, as one array under
 * the generated key: the tree needs every category at once, since a parent may sit on a later page than its
 * children. Each page is checked by the generated client's response validator; a failed page fails the
 * whole list. The one definition for the storefront (menu, home page) and the admin screens, which share
 * the cached list (features do not import each other, so it lives here).
 */
export function getAllCategoriesQueryOptions() {
  return queryOptions({
    queryKey: listCategoriesQueryKey(),
    queryFn: ({ queryKey: [{ baseUrl }], signal }) =>
      fetchAllPages(async (query) => (await listCategories({ baseUrl, query, signal, throwOnError: true })).data, signal),
  });
}

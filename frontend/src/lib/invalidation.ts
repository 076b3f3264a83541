import type { QueryClient, QueryKey } from '@tanstack/react-query';

import {
  adminOrdersQueryKey,
  adminReviewsQueryKey,
  approvedReviewsQueryKey,
  categoryViewsQueryKey,
  getCategoryWithProductsQueryKey,
  getProductQueryKey,
  listCategoriesQueryKey,
  listFeaturedProductsQueryKey,
  listProductsQueryKey,
  productsByCategoryQueryKey,
  searchProductsQueryKey,
} from '@/api/generated/@tanstack/react-query.gen';

/**
 * A generated `*QueryKey()` function. Called without options, its key names only the call (and the API's
 * address), and TanStack Query matches a key by its parts: it stands for every query of that call, whatever
 * its parameters, plain or infinite.
 */
type KeyOf = (options: never) => QueryKey;

const productViews: readonly KeyOf[] = [
  listProductsQueryKey,
  listFeaturedProductsQueryKey,
  getProductQueryKey,
  searchProductsQueryKey,
  productsByCategoryQueryKey,
  getCategoryWithProductsQueryKey,
];

/** What each change makes stale: the calls whose cached answers may show what changed. */
export const staleAfter = {
  /** A product added, changed, deleted or (un)featured: every product list, page and category page. */
  product: productViews,
  /** A category added, renamed or deleted: the menu's and the admin's lists, the view counts, category pages. */
  category: [listCategoriesQueryKey, categoryViewsQueryKey, getCategoryWithProductsQueryKey],
  /** A review moderated, answered or deleted: the admin's list, the product's reviews and its rating wherever a product shows. */
  review: [adminReviewsQueryKey, approvedReviewsQueryKey, ...productViews],
  /** An order's status, tracking or risk score changed: every loaded list of the admin's orders (any search or filter). */
  order: [adminOrdersQueryKey],
} as const satisfies Record<string, readonly KeyOf[]>;

export type Change = keyof typeof staleAfter;

/** Marks every cached query that `change` makes stale; those on screen are asked for again. */
export function invalidateAfter(queryClient: QueryClient, change: Change): void {
  for (const key of staleAfter[change]) void queryClient.invalidateQueries({ queryKey: key(undefined as never) });
}

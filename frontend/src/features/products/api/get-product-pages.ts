import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { listProducts } from '@/api/generated';
import { listProductsInfiniteQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import type { Product } from '../types';

/** How many products the All Products listing asks for at a time (fills 2, 3 and 4 columns evenly). */
export const PRODUCTS_PAGE_SIZE = 24;

/**
 * Products page by page (limit/offset) under the generated infinite key; the next page is fetched only when
 * asked for, and a page shorter than `pageSize` is the last. The home page and /products share these pages.
 */
export function getProductPagesQueryOptions(pageSize = PRODUCTS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: listProductsInfiniteQueryKey({ query: { limit: pageSize } }),
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await listProducts({ query: { limit: pageSize, offset: pageParam }, signal, throwOnError: true });
      return data;
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < pageSize ? undefined : pages.reduce((count, page) => count + page.length, 0),
  });
}

export function useProductPages(pageSize = PRODUCTS_PAGE_SIZE) {
  return useInfiniteQuery(getProductPagesQueryOptions(pageSize));
}

/**
 * The pages as one list. The list is newest first, so a product added between two pages pushes the next
 * page back by one: each product is kept once.
 */
export function productsOfPages(data: InfiniteData<readonly Product[]> | undefined): Product[] {
  return [...new Map(data?.pages.flat().map((product) => [product._id, product])).values()];
}

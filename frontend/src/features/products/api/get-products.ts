import { useQuery } from '@tanstack/react-query';

import { listProductsOptions } from '@/api/generated/@tanstack/react-query.gen';

export interface ProductPage {
  limit?: number;
  offset?: number;
}

/** Products, one page at a time (the server's default page is its first 100). */
export function getProductsQueryOptions(page?: ProductPage) {
  return listProductsOptions(page ? { query: page } : undefined);
}

export function useProducts(page?: ProductPage) {
  return useQuery(getProductsQueryOptions(page));
}

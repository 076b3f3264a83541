import { useQuery } from '@tanstack/react-query';

import { listFeaturedProductsOptions } from '@/api/generated/@tanstack/react-query.gen';

export function getFeaturedProductsQueryOptions() {
  return listFeaturedProductsOptions();
}

export function useFeaturedProducts() {
  return useQuery(getFeaturedProductsQueryOptions());
}

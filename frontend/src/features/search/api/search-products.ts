import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as z from 'zod/mini';

import { searchProductsOptions } from '@/api/generated/@tanstack/react-query.gen';
import { MAX_SEARCH_CHARS } from '@/api/rules/storefront.gen';

/** The API takes 1 to MAX_SEARCH_CHARS characters; a longer term is searched by its first ones. */
export function getSearchQueryOptions(term: string) {
  return searchProductsOptions({ query: { q: Array.from(term).slice(0, MAX_SEARCH_CHARS).join('') } });
}

/**
 * Products matching `term`, best first. A blank term sends nothing. A response that is not a list of
 * products counts as no results (docs/spec.md §5 'List responses'); any other failure is an error.
 */
export function useSearchProducts(term: string) {
  const query = useQuery({ ...getSearchQueryOptions(term), enabled: term !== '' });
  const malformed = query.error instanceof z.core.$ZodError;

  useEffect(() => {
    if (query.error) console.error('Failed to fetch results', query.error);
  }, [query.error]);

  return {
    isPending: term !== '' && query.isPending,
    isError: query.isError && !malformed,
    error: malformed ? null : query.error,
    products: query.data ?? [],
  };
}

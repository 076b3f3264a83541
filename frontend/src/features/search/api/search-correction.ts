import { useQuery } from '@tanstack/react-query';

import { searchCorrectionOptions } from '@/api/generated/@tanstack/react-query.gen';
import { MAX_SEARCH_CHARS } from '@/api/rules/storefront.gen';

/**
 * What the shopper probably meant by `term` ('earphones' for 'earfones'), asked only once the search has
 * found nothing (`enabled`). `correction` is null while loading, on failure and when there is none.
 */
export function useSearchCorrection(term: string, enabled: boolean) {
  const asked = enabled && term !== '';
  const query = useQuery({
    ...searchCorrectionOptions({ query: { q: Array.from(term).slice(0, MAX_SEARCH_CHARS).join('') } }),
    enabled: asked,
  });
  return { isPending: asked && query.isPending, correction: query.data?.correction ?? null };
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { orderAnalytics, type OrderAnalyticsData } from '@/api/generated';
import { orderAnalyticsQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply } from '@/lib/server-reply';

/** What the page says when the server gave no message (or no answer). */
export const ANALYTICS_LOAD_FAILED = 'Could not load the figures.';

/**
 * GET /api/analytics/orders under the generated key; a refusal throws an Error with the server's message
 * ('Choose a period of at most 366 days.'), shown as it is. While another period or table loads, the
 * previous one stays on screen.
 */
export function useOrderAnalytics(query: NonNullable<OrderAnalyticsData['query']>, enabled: boolean) {
  return useQuery({
    queryKey: orderAnalyticsQueryKey({ query }),
    queryFn: async ({ signal }) => {
      const reply = await toServerReply(() => orderAnalytics({ query, signal }));
      if (reply.kind === 'done') return reply.data;
      throw new Error(reply.kind === 'refused' && reply.message ? reply.message : ANALYTICS_LOAD_FAILED);
    },
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

// PROVISIONAL until the server's API surface lands: calls through the bare client, replaced by the generated SDK.
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { client } from '@/api/generated/client.gen';
import { toServerReply } from '@/lib/server-reply';

import type { AnalyticsReport } from '../lib/analytics';

export function useOrderAnalytics(query: { from?: string; to?: string; by: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['orderAnalytics', query],
    queryFn: async ({ signal }) => {
      const reply = await toServerReply(() => client.get<{ 200: AnalyticsReport }>({ url: '/api/analytics/orders', query, signal }));
      if (reply.kind === 'done') return reply.data;
      throw new Error(reply.kind === 'refused' && reply.message ? reply.message : 'Could not load the figures.');
    },
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

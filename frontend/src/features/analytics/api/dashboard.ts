import { useQuery } from '@tanstack/react-query';

import { adminDashboard } from '@/api/generated';
import { adminDashboardQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply } from '@/lib/server-reply';

/** What the dashboard says when the figures did not come. */
export const DASHBOARD_LOAD_FAILED = 'Could not load the figures.';

/** GET /api/admin/dashboard under the generated key, asked afresh on every visit. */
export function useDashboard() {
  return useQuery({
    queryKey: adminDashboardQueryKey(),
    queryFn: async ({ signal }) => {
      const reply = await toServerReply(() => adminDashboard({ signal }));
      if (reply.kind === 'done') return reply.data;
      throw new Error(reply.kind === 'refused' && reply.message ? reply.message : DASHBOARD_LOAD_FAILED);
    },
    staleTime: 0,
  });
}

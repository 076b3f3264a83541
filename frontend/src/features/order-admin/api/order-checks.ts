import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { putCodSettings, rejectUnconfirmedOrders, type CodSettingsBody } from '@/api/generated';
import { getCodSettingsOptions, getCodSettingsQueryKey, relatedOrdersOptions } from '@/api/generated/@tanstack/react-query.gen';
import { invalidateAfter } from '@/lib/invalidation';
import { toServerReplyWithErrors } from '@/lib/reply-with-errors';
import { toServerReply } from '@/lib/server-reply';

/** GET /api/cod/settings: the risk rules and the two hour settings in force now. */
export function useCodSettings() {
  return useQuery({ ...getCodSettingsOptions(), staleTime: 0 });
}

/**
 * PUT /api/cod/settings; the settings saved replace the cached ones, and every loaded list of orders is asked
 * again (the server has scored the pending orders anew).
 */
export function useSaveCodSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodSettingsBody) => toServerReplyWithErrors(() => putCodSettings({ body })),
    onSuccess: (reply) => {
      if (reply.kind !== 'done') return;
      queryClient.setQueryData(getCodSettingsQueryKey(), reply.data);
      invalidateAfter(queryClient, 'order');
    },
  });
}

/** GET /api/orders/{id}/related: what this order's phone and e-mail did before. */
export function useRelatedOrders(id: string) {
  return useQuery({ ...relatedOrdersOptions({ path: { id } }), staleTime: 0 });
}

/** POST /api/orders/reject-unconfirmed; every loaded list of orders is asked again. */
export function useRejectUnconfirmedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toServerReply(() => rejectUnconfirmedOrders({ body: {} })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') invalidateAfter(queryClient, 'order');
    },
  });
}

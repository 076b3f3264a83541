import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { setShopInfo } from '@/api/generated';
import { getShopInfoOptions, getShopInfoQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { toServerReply } from '@/lib/server-reply';

/** GET /api/settings/shop-info, always the one in force now. */
export function useShopInfoSetting() {
  return useQuery({ ...getShopInfoOptions(), staleTime: 0 });
}

/** PUT /api/settings/shop-info; the shop info now in force replaces the cached one. */
export function useSetShopInfoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { deliveryTime: string; whatsapp: string }) => toServerReply(() => setShopInfo({ body })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') queryClient.setQueryData(getShopInfoQueryKey(), reply.data);
    },
  });
}

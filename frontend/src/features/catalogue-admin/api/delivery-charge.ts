import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { setDeliveryCharge } from '@/api/generated';
import { getDeliveryChargeOptions, getDeliveryChargeQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply } from '@/lib/server-reply';

export function getDeliveryChargeSettingQueryOptions() {
  // The admin page always shows the charge in force now, not a cached one.
  return { ...getDeliveryChargeOptions(), staleTime: 0 };
}

/** GET /api/settings/delivery-charge, under the generated key the cart reads too. */
export function useDeliveryChargeSetting() {
  return useQuery(getDeliveryChargeSettingQueryOptions());
}

/** PUT /api/settings/delivery-charge; the charge now in force replaces the cached one, so the cart sees it. */
export function useSetDeliveryChargeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryCharge: number) =>
      toServerReply(() => setDeliveryCharge({ body: { deliveryCharge } })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') queryClient.setQueryData(getDeliveryChargeQueryKey(), reply.data);
    },
  });
}

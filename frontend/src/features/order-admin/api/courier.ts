import { useMutation, useQueryClient } from '@tanstack/react-query';

import { correctDeliveryAddress, dispatchOrders, importTrackingNumbers, setOrderTracking } from '@/api/generated';
import { invalidateAfter } from '@/lib/invalidation';
import { toServerReplyWithErrors } from '@/lib/reply-with-errors';
import type { ServerReply } from '@/lib/server-reply';

/** A mutation that asks the admin's order lists again once `call` is done. */
function useOrdersMutation<V, T>(call: (variables: V) => Promise<ServerReply<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      if (reply.kind === 'done') invalidateAfter(queryClient, 'order');
    },
  });
}

/** PUT /api/orders/{id}/tracking. */
export function useSaveTrackingMutation() {
  return useOrdersMutation(({ id, courier, trackingNumber }: { id: string; courier: string; trackingNumber: string }) =>
    toServerReplyWithErrors(() => setOrderTracking({ path: { id }, body: { courier, trackingNumber } })),
  );
}

/** POST /api/orders/tracking-import with the file's text as `text/csv`. */
export function useImportTrackingMutation() {
  return useOrdersMutation((csv: string) => toServerReplyWithErrors(() => importTrackingNumbers({ body: csv })));
}

/** POST /api/orders/dispatch for `ids`. */
export function useDispatchOrdersMutation() {
  return useOrdersMutation((ids: string[]) => toServerReplyWithErrors(() => dispatchOrders({ body: { ids } })));
}

/** PUT /api/orders/{id}/delivery-address: the owner's correction of province, city and address. */
export function useCorrectAddressMutation() {
  return useOrdersMutation(({ id, province, city, address }: { id: string; province: string; city: string; address: string }) =>
    toServerReplyWithErrors(() => correctDeliveryAddress({ path: { id }, body: { province, city, address } })),
  );
}

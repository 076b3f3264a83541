import { useMutation, useQueryClient } from '@tanstack/react-query';

import { confirmMyOrder, type ConfirmedResponse } from '@/api/generated';
import { toServerReply, type ServerReply } from '@/lib/server-reply';

/**
 * POST /api/orders/{id}/confirm-mine: 'Confirm my order' in My Orders, for the signed-in customer's own pending
 * order; the orders are read again afterwards, so the card shows it confirmed.
 */
export function useConfirmMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: string): Promise<ServerReply<ConfirmedResponse>> =>
      toServerReply(() => confirmMyOrder({ path: { id: order } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [{ _id: 'customerOrdersApi' }] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { confirmMyOrder, type ConfirmedResponse, type OrderResponse } from '@/api/generated';
import { customerOrdersApiInfiniteQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { toServerReply, type ServerReply } from '@/lib/server-reply';

/**
 * POST /api/orders/{id}/confirm-mine: 'Confirm my order' in My Orders, for the signed-in customer's own pending
 * order; the orders are read again afterwards, so the card shows it confirmed.
 */
export function useConfirmMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderResponse): Promise<ServerReply<ConfirmedResponse>> =>
      toServerReply(() => confirmMyOrder({ path: { id: order._id } })),
    // Every loaded page of the customer's orders, whatever its size (the key matches in part).
    onSettled: (_reply, _error, order) =>
      queryClient.invalidateQueries({ queryKey: customerOrdersApiInfiniteQueryKey({ path: { uid: order.userId } }) }),
  });
}

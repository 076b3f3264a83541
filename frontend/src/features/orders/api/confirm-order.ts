import { useQuery } from '@tanstack/react-query';

import { confirmOrder, type ConfirmedResponse } from '@/api/generated';
import { toServerReply, type ServerReply } from '@/lib/server-reply';

/**
 * POST /api/orders/{id}/confirm with the e-mailed token, asked once per link: a query (never refetched, never
 * retried), so a page drawn again or mounted twice sends nothing more.
 */
export function useConfirmOrder(order: string, token: string) {
  return useQuery({
    queryKey: ['confirmOrder', order, token],
    queryFn: (): Promise<ServerReply<ConfirmedResponse>> =>
      toServerReply(() => confirmOrder({ path: { id: order }, body: { token } })),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

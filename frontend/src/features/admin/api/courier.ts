// PROVISIONAL until the server's API surface lands: calls through the bare client, replaced by the generated SDK.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { OrderResponse } from '@/api/generated';
import { client } from '@/api/generated/client.gen';

import { toServerReply } from '@/lib/server-reply';

function invalidateOrders(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: [{ _id: 'adminOrders' }] });
}

export function useSaveTrackingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, courier, trackingNumber }: { id: string; courier: string; trackingNumber: string }) =>
      toServerReply(() =>
        client.put<{ 200: { message: string; order: OrderResponse } }>({
          url: '/api/orders/{id}/tracking',
          path: { id },
          body: { courier, trackingNumber },
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    onSuccess: (reply) => {
      if (reply.kind === 'done') invalidateOrders(queryClient);
    },
  });
}

export function useImportTrackingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: ArrayBuffer) =>
      toServerReply(() =>
        client.post<{ 200: { message: string; updated: string[] } }>({
          url: '/api/orders/tracking-import',
          body: csv,
          bodySerializer: null,
          headers: { 'Content-Type': 'text/csv' },
        }),
      ),
    onSuccess: (reply) => {
      if (reply.kind === 'done') invalidateOrders(queryClient);
    },
  });
}

export function useDispatchOrdersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      toServerReply(() =>
        client.post<{ 200: { message: string; orders: OrderResponse[] } }>({
          url: '/api/orders/dispatch',
          body: { ids },
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    onSuccess: (reply) => {
      if (reply.kind === 'done') invalidateOrders(queryClient);
    },
  });
}

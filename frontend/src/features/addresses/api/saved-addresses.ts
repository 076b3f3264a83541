import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { deleteAddress, updateAddress, type SavedAddressBody } from '@/api/generated';
import { listAddressesOptions, listAddressesQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { toServerReply } from '@/lib/server-reply';

/** GET /api/account/addresses: the signed-in customer's saved addresses, most recently used first. */
export function useSavedAddresses(enabled: boolean) {
  return useQuery({ ...listAddressesOptions(), enabled, retry: false, staleTime: 60_000 });
}

export function useUpdateAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SavedAddressBody }) => toServerReply(() => updateAddress({ path: { id }, body })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void queryClient.invalidateQueries({ queryKey: listAddressesQueryKey() });
    },
  });
}

export function useDeleteAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => toServerReply(() => deleteAddress({ path: { id } })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void queryClient.invalidateQueries({ queryKey: listAddressesQueryKey() });
    },
  });
}

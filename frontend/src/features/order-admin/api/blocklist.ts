import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { addToBlocklist, removeFromBlocklist, type BlockBody } from '@/api/generated';
import { listBlocklistOptions, listBlocklistQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { toServerReplyWithErrors } from '@/lib/reply-with-errors';
import { toServerReply } from '@/lib/server-reply';

/** GET /api/blocklist: the blocked phones and e-mails, newest first, and the newest checkout attempts. */
export function useBlocklist() {
  return useQuery({ ...listBlocklistOptions(), staleTime: 0 });
}

function useInvalidateBlocklist() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listBlocklistQueryKey() });
}

/** POST /api/blocklist: blocks a phone (any writing) or an e-mail, with a reason. */
export function useBlockMutation() {
  const invalidate = useInvalidateBlocklist();
  return useMutation({
    mutationFn: (body: BlockBody) => toServerReplyWithErrors(() => addToBlocklist({ body })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void invalidate();
    },
  });
}

/** DELETE /api/blocklist/{id}; the attempts stay. */
export function useUnblockMutation() {
  const invalidate = useInvalidateBlocklist();
  return useMutation({
    mutationFn: (id: string) => toServerReply(() => removeFromBlocklist({ path: { id } })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void invalidate();
    },
  });
}

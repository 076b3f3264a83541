import { useMutation, useQueryClient } from '@tanstack/react-query';

import { logOut } from '@/api/generated';

import { toServerReply } from '@/lib/server-reply';

import { setCurrentUser, signedOut } from './current-user';

/**
 * POST /api/auth/logout, answering whether the session has ended (a 401 means it already had). Afterwards
 * the user is cleared from the cache.
 */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const reply = await toServerReply(() => logOut());
      return reply.kind === 'done' || (reply.kind === 'refused' && reply.status === 401);
    },
    onSuccess: (ended) => {
      if (ended) setCurrentUser(queryClient, signedOut);
    },
  });
}

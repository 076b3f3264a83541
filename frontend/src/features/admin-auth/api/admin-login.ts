import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminLogin, adminLogout } from '@/api/generated';
import { adminCheckQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply } from '@/lib/server-reply';

/** POST /api/admin/login; on success the check's cache holds the session, so the guard lets the owner in. */
export function useAdminLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      toServerReply(() => adminLogin({ body: credentials })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') queryClient.setQueryData(adminCheckQueryKey(), reply.data);
    },
  });
}

/**
 * POST /api/admin/logout, answering whether the session has ended (a 401 means it already had). Afterwards
 * the session is forgotten, so the next visit to /admin checks again.
 */
export function useAdminLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const reply = await toServerReply(() => adminLogout());
      return reply.kind === 'done' || (reply.kind === 'refused' && reply.status === 401);
    },
    onSuccess: (ended) => {
      if (ended) queryClient.removeQueries({ queryKey: adminCheckQueryKey() });
    },
  });
}

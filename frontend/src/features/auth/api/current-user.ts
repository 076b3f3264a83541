import { useQuery, type QueryClient } from '@tanstack/react-query';

import { me, type UserResponse } from '@/api/generated';
import { meQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply } from '@/lib/server-reply';

export type CurrentUser = UserResponse;

/** The current user when nobody is signed in: every field empty, so `uid === ''` means signed out. */
export const signedOut: CurrentUser = { uid: '', email: '', name: '' };

const currentUserKey = meQueryKey();

export function getCurrentUserQueryOptions() {
  return {
    queryKey: currentUserKey,
    // A 401 is the definite answer 'signed out', not a failure; anything else fails the query.
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CurrentUser> => {
      const reply = await toServerReply(() => me({ signal }));
      if (reply.kind === 'done') return reply.data;
      if (reply.kind === 'refused' && reply.status === 401) return signedOut;
      throw new Error('Could not check who is signed in');
    },
  };
}

/** GET /api/auth/me: the signed-in customer, or `signedOut` (uid empty). */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}

/** Puts a user (or `signedOut`) in the cache, so every screen shows the new state at once. */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData(currentUserKey, user);
}

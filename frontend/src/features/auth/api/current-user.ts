import { useQuery, type QueryClient } from '@tanstack/react-query';

import { session, type UserResponse } from '@/api/generated';
import { sessionQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply } from '@/lib/server-reply';

export type CurrentUser = UserResponse;

/** The current user when nobody is signed in: every field empty, so `uid === ''` means signed out. */
export const signedOut: CurrentUser = { uid: '', email: '', name: '' };

const currentUserKey = sessionQueryKey();

export function getCurrentUserQueryOptions() {
  return {
    queryKey: currentUserKey,
    // GET /api/auth/session, not /api/auth/me: a signed-out visitor gets `user: null`, not a 401 the browser
    // would log on the console of every page.
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CurrentUser> => {
      const reply = await toServerReply(() => session({ signal }));
      if (reply.kind === 'done') return reply.data.user ?? signedOut;
      throw new Error('Could not check who is signed in');
    },
  };
}

/** GET /api/auth/session: the signed-in customer, or `signedOut` (uid empty). */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}

/** Puts a user (or `signedOut`) in the cache, so every screen shows the new state at once. */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData(currentUserKey, user);
}

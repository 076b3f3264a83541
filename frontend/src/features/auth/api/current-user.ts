import { useQuery, type QueryClient } from '@tanstack/react-query';

import { session, type UserResponse } from '@/api/generated';
import { sessionQueryKey } from '@/api/generated/@tanstack/react-query.gen';

export type CurrentUser = UserResponse;

/** The current user when nobody is signed in: every field empty, so `uid === ''` means signed out. */
export const signedOut: CurrentUser = { uid: '', email: '', name: '' };

const currentUserKey = sessionQueryKey();

export function getCurrentUserQueryOptions() {
  return {
    queryKey: currentUserKey,
    // GET /api/auth/session, not /api/auth/me: a signed-out visitor gets `user: null`, not a 401 the browser
    // would log on the console of every page.
    // Read without `toServerReply`, which only later pages need: the home page's JavaScript has a budget
    // (docs/frontend-bundle.md). No answer, a refusal or an answer of the wrong shape (the generated
    // validator throws) all fail the query.
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CurrentUser> => {
      const { data, response } = await session({ signal });
      // `data` first: a request that could not be sent has neither data nor a response.
      if (data !== undefined && response.ok) return data.user ?? signedOut;
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

import { useQuery, useQueryClient } from '@tanstack/react-query';

import { adminCheckOptions, adminCheckQueryKey } from '@/api/generated/@tanstack/react-query.gen';

export function getAdminCheckQueryOptions() {
  return {
    ...adminCheckOptions(),
    // A 401 is a definite answer; every entry to the admin area asks again.
    retry: false,
    staleTime: 0,
  };
}

/** GET /api/admin/check: whether the admin cookie is a live session. */
export function useAdminCheck() {
  return useQuery(getAdminCheckQueryOptions());
}

/** Forces the guard to ask the server again, e.g. after a call answered 401 (the session expired). */
export function useRecheckAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminCheckQueryKey() });
}

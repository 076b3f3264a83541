import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Records in the cache that what `queryKey` asks for does not exist (`error`, the query's own not-found
 * error), without asking the API: the server already answered the page with 404, and the request would only
 * be logged by the browser as a failure. The page's hook then shows its not-found state.
 */
export async function primeMissing(queryClient: QueryClient, queryKey: QueryKey, error: Error): Promise<void> {
  await queryClient.query({ queryKey, queryFn: () => Promise.reject(error), retry: false }).catch(() => undefined);
}

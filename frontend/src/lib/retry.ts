import { useQueryClient, type DefaultError } from '@tanstack/react-query';

/** TanStack Query's own default when a client sets no retry policy. */
const LIBRARY_DEFAULT_RETRIES = 3;

/**
 * A `retry` option that never retries an error `isFinal` recognises (a 404 will not turn into a product on
 * a second try, and a phone on slow data should not wait for it) and otherwise follows the client's policy.
 */
export function useRetryUnless(isFinal: (error: DefaultError) => boolean): (failureCount: number, error: DefaultError) => boolean {
  const policy = useQueryClient().getDefaultOptions().queries?.retry ?? LIBRARY_DEFAULT_RETRIES;
  return (failureCount, error) => {
    if (isFinal(error)) return false;
    if (typeof policy === 'function') return policy(failureCount, error);
    return typeof policy === 'number' ? failureCount < policy : policy;
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { listCustomers, sendBulkEmail, type BulkEmailBody, type CustomerSummary } from '@/api/generated';
import { emailStatusOptions, emailStatusQueryKey, listCustomersQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply } from '@/lib/server-reply';

const withCredentials = { credentials: 'include' } as const;

/** How often the outbox counts are asked for while the page is open. */
export const emailStatusRefreshMs = 3000;

const pageSize = 100;

/** GET /api/users/admin/users, page by page (at most 100 a page) until every customer is in. */
export function useCustomers() {
  return useQuery({
    queryKey: listCustomersQueryKey(withCredentials),
    queryFn: async ({ signal }) => {
      const customers: CustomerSummary[] = [];
      for (;;) {
        const { data } = await listCustomers({
          query: { limit: pageSize, offset: customers.length },
          signal,
          throwOnError: true,
          ...withCredentials,
        });
        customers.push(...data);
        if (data.length < pageSize) return customers;
      }
    },
    staleTime: 0,
  });
}

/** GET /api/users/admin/email-status: the outbox's counts, asked for again every few seconds. */
export function useEmailStatus() {
  return useQuery({ ...emailStatusOptions(withCredentials), refetchInterval: emailStatusRefreshMs, staleTime: 0 });
}

/** POST /api/users/admin/send-bulk-email; once queued, the outbox counts are asked for at once. */
export function useSendBulkEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkEmailBody) => toServerReply(() => sendBulkEmail({ body, ...withCredentials })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void queryClient.invalidateQueries({ queryKey: emailStatusQueryKey(withCredentials) });
    },
  });
}

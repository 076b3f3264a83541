import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { listCustomers, previewBulkEmail, sendBulkEmail, type BulkEmailBody } from '@/api/generated';
import { emailStatusOptions, emailStatusQueryKey, listCustomersQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { fetchAllPages } from '@/lib/fetch-all-pages';
import { toServerReply } from '@/lib/server-reply';

/** How often the outbox counts are asked for while the page is open. */
export const emailStatusRefreshMs = 3000;

/** The customer picker lists at most this many pages of 100 (100,000 customers); 'send to all' has no limit. */
const maxCustomerPages = 1000;

/** GET /api/users/admin/users, page by page (at most 100 a page) until every customer is in. */
export function useCustomers() {
  return useQuery({
    queryKey: listCustomersQueryKey(),
    queryFn: ({ signal }) =>
      fetchAllPages(
        async (query) => (await listCustomers({ query, signal, throwOnError: true })).data,
        signal,
        maxCustomerPages,
      ),
    staleTime: 0,
  });
}

/** GET /api/users/admin/email-status: the outbox's counts, asked for again every few seconds. */
export function useEmailStatus() {
  return useQuery({ ...emailStatusOptions(), refetchInterval: emailStatusRefreshMs, staleTime: 0 });
}

/** POST /api/users/admin/send-bulk-email; once queued, the outbox counts are asked for at once. */
export function useSendBulkEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkEmailBody) => toServerReply(() => sendBulkEmail({ body })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void queryClient.invalidateQueries({ queryKey: emailStatusQueryKey() });
    },
  });
}

/** POST /api/users/admin/bulk-email-preview: how many customers the e-mail would reach, who is left out, and its text. */
export function usePreviewBulkEmailMutation() {
  return useMutation({ mutationFn: (body: BulkEmailBody) => toServerReply(() => previewBulkEmail({ body })) });
}

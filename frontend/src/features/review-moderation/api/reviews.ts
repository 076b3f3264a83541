import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';

import {
  adminReviews,
  deleteReview,
  moderateReview,
  replyToReview,
  type ReviewResponse,
  type ReviewStatus,
} from '@/api/generated';
import { adminReviewsInfiniteQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { invalidateAfter } from '@/lib/invalidation';
import { toServerReply } from '@/lib/server-reply';

/** How many reviews the admin's list shows at a time. */
export const ADMIN_REVIEWS_PAGE_SIZE = 50;

export type { ReviewStatus };

/** The statuses a review may have (the API's, every one), and the list's filter ('' for all). */
export const reviewStatuses = Object.keys({ pending: 0, approved: 0, rejected: 0 } satisfies Record<ReviewStatus, 0>) as ReviewStatus[];

/**
 * GET /api/reviews/all (admin), pending first then newest first, page by page under the generated infinite
 * key; `status` filters on the server. A further page while the last one was full.
 */
export function getAdminReviewsQueryOptions(status: ReviewStatus | '', pageSize = ADMIN_REVIEWS_PAGE_SIZE) {
  const query = { limit: pageSize, ...(status !== '' && { status }) };
  return infiniteQueryOptions({
    queryKey: adminReviewsInfiniteQueryKey({ query }),
    queryFn: async ({ pageParam, signal }): Promise<ReviewResponse[]> => {
      const { data } = await adminReviews({ query: { ...query, offset: pageParam }, signal, throwOnError: true });
      return data;
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.length < pageSize ? undefined : pages.flat().length),
  });
}

/** The list for `status`; while another filter loads, the previous list stays on screen. */
export function useAdminReviews(status: ReviewStatus | '') {
  return useInfiniteQuery({ ...getAdminReviewsQueryOptions(status), staleTime: 0, placeholderData: keepPreviousData });
}

/** The pages as one list, each review once. */
export function reviewsOfPages(data: InfiniteData<ReviewResponse[]> | undefined): ReviewResponse[] {
  return [...new Map(data?.pages.flat().map((review) => [review._id, review])).values()];
}

function useReviewMutation<A, T>(call: (args: A) => Promise<{ data?: T; error?: unknown; response?: Response }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => toServerReply(() => call(args)),
    onSuccess: (reply) => {
      if (reply.kind === 'done') invalidateAfter(queryClient, 'review');
    },
  });
}

/** PATCH /api/reviews/moderate/{id}: approve, reject or re-open. */
export function useModerateReviewMutation() {
  return useReviewMutation(({ id, status }: { id: string; status: ReviewStatus }) => moderateReview({ path: { id }, body: { status } }));
}

/** PATCH /api/reviews/comment/{id}: the shop's reply (`adminComment`; empty clears it). */
export function useReplyToReviewMutation() {
  return useReviewMutation(({ id, adminComment }: { id: string; adminComment: string }) => replyToReview({ path: { id }, body: { adminComment } }));
}

/** DELETE /api/reviews/{id}, with its pictures. */
export function useDeleteReviewMutation() {
  return useReviewMutation((id: string) => deleteReview({ path: { id } }));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as z from 'zod/mini';

import { env } from '@/config/env';

/**
 * A review as GET /api/reviews/approved/{productId} answers it. The endpoint is not in openapi.yaml yet, so
 * this schema stands in for the generated one; once it lands, switch to the generated SDK call and key.
 */
const reviewSchema = z.object({
  _id: z.string(),
  reviewerName: z.nullish(z.string()),
  rating: z.int().check(z.minimum(1), z.maximum(5)),
  comment: z.nullish(z.string()),
  images: z._default(z.array(z.string()), []),
  createdAt: z.string(),
  adminReply: z.nullish(z.string()),
  status: z.enum(['pending', 'approved', 'rejected']),
});

const reviewListSchema = z.array(reviewSchema);

export type Review = z.infer<typeof reviewSchema>;

/** The product's approved reviews; anything but a 2xx answer with a list of reviews throws. */
export async function fetchApprovedReviews(productId: string, signal?: AbortSignal): Promise<Review[]> {
  const url = new URL(`/api/reviews/approved/${encodeURIComponent(productId)}`, env.apiBaseUrl);
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url.pathname} answered ${response.status}`);
  const reviews = reviewListSchema.parse(await response.json());
  // Only approved reviews are shown and counted, whatever the endpoint sends.
  return reviews.filter((review) => review.status === 'approved');
}

export function getApprovedReviewsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ['approvedReviews', { productId }] as const,
    queryFn: ({ signal }) => fetchApprovedReviews(productId, signal),
    // Reviews are a page extra: on slow data a failure is not worth a second wait.
    retry: false,
  });
}

/** Approved reviews of a product; a failure is only logged (no rating, no reviews shown). */
export function useApprovedReviews(productId: string) {
  const query = useQuery(getApprovedReviewsQueryOptions(productId));

  useEffect(() => {
    if (query.error) console.error('Error fetching product reviews', query.error);
  }, [query.error]);

  return { reviews: query.data ?? [], isPending: query.isPending };
}

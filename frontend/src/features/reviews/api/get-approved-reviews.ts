import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import type { ReviewResponse } from '@/api/generated';
import { approvedReviewsOptions } from '@/api/generated/@tanstack/react-query.gen';

/** A review as the API answers it (generated from the OpenAPI document). */
export type Review = ReviewResponse;

/**
 * GET /api/reviews/approved/{productId} on the generated options and key; only approved reviews are kept,
 * whatever the answer holds. Any failure (status, network, an answer of the wrong shape) throws.
 */
export function getApprovedReviewsQueryOptions(productId: string) {
  const options = approvedReviewsOptions({ path: { productId } });
  return {
    ...options,
    select: (reviews: Review[]) => reviews.filter((review) => review.status === 'approved'),
    // Reviews are a page extra: on slow data a failure is not worth a second wait.
    retry: false,
  };
}

/** Approved reviews of a product; a failure is only logged (no reviews shown). */
export function useApprovedReviews(productId: string) {
  const query = useQuery(getApprovedReviewsQueryOptions(productId));

  useEffect(() => {
    if (query.error) console.error('Error fetching product reviews', query.error);
  }, [query.error]);

  return { reviews: query.data ?? [], isPending: query.isPending };
}

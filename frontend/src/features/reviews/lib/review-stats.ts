import type { Review } from '../api/get-approved-reviews';

/** The average rating of the reviews and how many there are; `null` without reviews (no rating is shown). */
export function averageRating(reviews: readonly Pick<Review, 'rating'>[]): { average: number; count: number } | null {
  if (reviews.length === 0) return null;
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return { average: total / reviews.length, count: reviews.length };
}

/** The fallback reviewer name (SPEC.md §9). */
export const ANONYMOUS = 'Anonymous';

export function reviewerName(review: Pick<Review, 'reviewerName'>): string {
  const name = review.reviewerName?.trim() ?? '';
  return name === '' ? ANONYMOUS : name;
}

/** Review images and videos come as urls; videos end in .mp4 or .webm. */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|webm)(?:[?#].*)?$/i.test(url);
}

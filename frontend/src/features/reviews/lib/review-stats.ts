import type { RatingSpreadResponse } from '@/api/generated';
import { anonymousReviewer } from '@/api/rules/review.gen';

import type { Review } from '../api/get-approved-reviews';

/** The fallback reviewer name (docs/spec.md §9). */
export const ANONYMOUS = anonymousReviewer;

export function reviewerName(review: Pick<Review, 'reviewerName'>): string {
  const name = review.reviewerName.trim();
  return name === '' ? ANONYMOUS : name;
}

/** Review images and videos come as urls; videos end in .mp4 or .webm. */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|webm)(?:[?#].*)?$/i.test(url);
}

/** One row of the spread: how many reviews gave `stars`, and their share of all in whole percent. */
export interface SpreadRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  percent: number;
}

/** The spread of approved ratings from 5 stars down to 1, each with its share (0 when there are none). */
export function spreadRows(spread: RatingSpreadResponse): SpreadRow[] {
  const rows = ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: Math.max(0, spread[stars]) }));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return rows.map((row) => ({ ...row, percent: total === 0 ? 0 : Math.round((row.count / total) * 100) }));
}

import type { RatingSpreadResponse } from '@/api/generated';
import { StarRating } from '@/components/ui/star-rating';
import reviewTexts from '@/i18n/en/reviews.json';
import { useMessages } from '@/lib/i18n';

import { spreadRows } from '../lib/review-stats';

import '../reviews.css';

interface ReviewSummaryProps {
  /** The average of the approved ratings (one decimal), or null without any. */
  average: number | null | undefined;
  count: number;
  spread: RatingSpreadResponse;
}

/** The product's rating over its approved reviews: the average, how many, and how the stars are spread (5 to 1). */
export function ReviewSummary({ average, count, spread }: ReviewSummaryProps) {
  const t = useMessages(reviewTexts, 'reviews');
  if (average == null || count === 0) return null;
  return (
    <div className="review-summary">
      <p className="review-summary__average">
        <strong>{average.toFixed(1)}</strong> <span className="visually-hidden">{t.outOf5()}</span>
        <StarRating rating={average} />
        <span>{t.reviewCount({ count })}</span>
      </p>
      <ul className="review-summary__spread" aria-label={t.ratingsByStars()}>
        {spreadRows(spread).map((row) => (
          <li key={row.stars}>
            <span className="visually-hidden">{t.starsCount({ stars: row.stars, count: row.count })}</span>
            <span aria-hidden="true">{row.stars} ★</span>
            <span className="review-summary__bar" aria-hidden="true">
              <span style={{ width: `${row.percent}%` }} />
            </span>
            <span aria-hidden="true">{row.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import productTexts from '@/i18n/en/products.json';
import { useMessages } from '@/lib/i18n';

import { halfSteps } from './compact-stars';

const STARS = [1, 2, 3, 4, 5] as const;

const STAR = 'M10 1.5l2.6 5.5 6 .7-4.5 4.1 1.2 5.9L10 14.8 4.7 17.7l1.2-5.9L1.4 7.7l6-.7z';
/** The star's left half, filled for a half step. */
const LEFT_HALF = 'M10 1.5 7.4 7l-6 .7 4.5 4.1-1.2 5.9L10 14.8z';

type StarFill = 'full' | 'half' | 'empty';

/** How each of the 5 stars is filled for a rating, in half steps (4.3 shows 4 full and 1 half star). */
export function starFills(rating: number): StarFill[] {
  const halves = halfSteps(rating) * 2;
  return STARS.map((star) => (halves >= star * 2 ? 'full' : halves === star * 2 - 1 ? 'half' : 'empty'));
}

interface StarRatingProps {
  rating: number;
  className?: string;
}

/** Five stars in full, half and empty steps, read out as 'Rated 4.5 out of 5'. */
export function StarRating({ rating, className }: StarRatingProps) {
  const t = useMessages(productTexts, 'products');
  return (
    <span
      className={className ? `stars ${className}` : 'stars'}
      role="img"
      aria-label={t.rated({ rating: rating.toFixed(1) })}
    >
      {starFills(rating).map((fill, index) => (
        <svg key={index} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" className={`star star--${fill}`}>
          {fill === 'half' && <path d={LEFT_HALF} fill="currentColor" />}
          <path d={STAR} fill={fill === 'full' ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}

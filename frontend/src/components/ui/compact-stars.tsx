import type { CSSProperties } from 'react';

import productTexts from '@/i18n/en/products.json';
import { useMessages } from '@/lib/i18n';

/** A rating rounded to the nearest half star, from 0 to 5: 4.3 → 4.5, 4.2 → 4, 4.75 → 5. */
export function halfSteps(rating: number): number {
  return Math.round(Math.min(5, Math.max(0, rating)) * 2) / 2;
}

/**
 * Five stars in full, half and empty steps, then the rating with one decimal, drawn by CSS (`.compact-stars`
 * paints the lit share of five star glyphs in gold, the rest grey): the product cards' rating, on the home
 * page, so it costs almost no JavaScript. Read out as 'Rated 4.3 out of 5' (an image's text is not read).
 */
export function CompactStars({ rating }: { rating: number }) {
  const t = useMessages(productTexts, 'products');
  const text = rating.toFixed(1);
  return (
    <span className="compact-stars" role="img" aria-label={t.rated({ rating: text })} style={{ '--stars': halfSteps(rating) } as CSSProperties}>
      {text}
    </span>
  );
}

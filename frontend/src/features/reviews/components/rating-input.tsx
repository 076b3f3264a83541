import reviewTexts from '@/i18n/en/reviews.json';
import { useMessages } from '@/lib/i18n';

const STARS = [1, 2, 3, 4, 5] as const;

interface RatingInputProps {
  /** The radios' name. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * 'Rating' as a group of five radio buttons drawn as stars ('1 star' to '5 stars'): arrow keys move between
 * them as in any radio group, and the stars up to the chosen one light up.
 */
export function RatingInput({ name, value, onChange, invalid = false, describedBy }: RatingInputProps) {
  const chosen = Number(value) || 0;
  const t = useMessages(reviewTexts, 'reviews');
  return (
    <fieldset className="rating-input" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend>{t.rating()}</legend>
      <div className="rating-input__stars">
        {STARS.map((star) => (
          <label key={star} className={star <= chosen ? 'rating-input__star rating-input__star--on' : 'rating-input__star'}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={chosen === star}
              onChange={() => {
                onChange(String(star));
              }}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t.stars({ stars: star })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

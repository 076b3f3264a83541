import { useId, useState, type ReactNode } from 'react';

import { StarRating } from '@/components/ui/star-rating';
import { env } from '@/config/env';
import reviewTexts from '@/i18n/en/reviews.json';
import { useLanguage, useMessages } from '@/lib/i18n';

import type { Review } from '../api/get-approved-reviews';
import { timeAgo } from '../lib/relative-time';
import { reviewerName } from '../lib/review-stats';

import { ReviewLightbox } from './review-lightbox';
import { ReviewMedia } from './review-media';

interface ReviewListProps {
  reviews: readonly Review[];
  isPending?: boolean;
  /** The section's id, for links to it. */
  id?: string;
  /** The time 'x ago' counts from; tests pin it. */
  now?: Date;
  /** Shown under the title: the rating's summary, composed in by the page. */
  summary?: ReactNode;
}

/** The product page's approved reviews, or 'No reviews yet for this product.' */
export function ReviewList({ reviews, isPending = false, id = 'reviews', now, summary }: ReviewListProps) {
  const t = useMessages(reviewTexts, 'reviews');
  return (
    <section id={id} className="reviews" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title()}</h2>
      {summary}
      {isPending ? (
        <p className="status-text" role="status">
          {t.loading()}
        </p>
      ) : reviews.length === 0 ? (
        <p className="reviews__empty">{t.empty()}</p>
      ) : (
        <ul className="reviews__list">
          {reviews.map((review) => (
            <ReviewItem key={review._id} review={review} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewItem({ review, now }: { review: Review; now?: Date }) {
  const nameId = useId();
  const t = useMessages(reviewTexts, 'reviews');
  const language = useLanguage();
  const [openAt, setOpenAt] = useState<number | null>(null);
  const name = reviewerName(review);
  const createdAt = new Date(review.createdAt);
  const ago = timeAgo(createdAt, now, language === 'ur' ? 'ur-PK' : 'en');
  const comment = review.comment.trim();
  const reply = review.adminReply?.trim();

  return (
    <li className="review" aria-labelledby={nameId}>
      <div className="review__header">
        <h3 id={nameId} className="review__name">
          {name}
        </h3>
        <StarRating rating={review.rating} />
        {ago && (
          <time className="review__time" dateTime={Number.isNaN(createdAt.getTime()) ? undefined : createdAt.toISOString()}>
            {ago}
          </time>
        )}
      </div>
      {comment && <p className="review__comment">{comment}</p>}
      {review.images.length > 0 && (
        <ul className="review__images">
          {review.images.map((url, index) => (
            <li key={`${url}-${index}`}>
              <button
                type="button"
                className="review__image-button"
                aria-label={t.openImage({ index: index + 1, count: review.images.length, name })}
                onClick={() => {
                  setOpenAt(index);
                }}
              >
                <ReviewMedia url={url} variants={review.imageVariants[index]} alt="" className="review__image" variant="thumbnail" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {reply && (
        <p className="review__reply">
          <strong>{env.shopName}:</strong> {reply}
        </p>
      )}
      {openAt !== null && (
        <ReviewLightbox
          images={review.images}
          variants={review.imageVariants}
          startIndex={openAt}
          reviewer={name}
          onClose={() => {
            setOpenAt(null);
          }}
        />
      )}
    </li>
  );
}

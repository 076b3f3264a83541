import reviewTexts from '@/i18n/en/reviews.json';
import { useMessages } from '@/lib/i18n';

import { useSubmitInternalReviewMutation } from '../api/submit-review';

import { ReviewForm } from './review-form';

interface InternalReviewProps {
  productId: string;
  orderId: string;
  productName: string;
  /** The customer's name, typed in at first. */
  defaultName?: string;
  onDone?: () => void;
}

/** The signed-in customer's review of an item of a delivered order: the internal form (rating 5 at first). */
export function InternalReview({ productId, orderId, productName, defaultName, onDone }: InternalReviewProps) {
  const submit = useSubmitInternalReviewMutation();
  const t = useMessages(reviewTexts, 'reviews');
  return (
    <ReviewForm
      kind="internal"
      label={t.reviewOf({ name: productName })}
      defaultName={defaultName}
      onDone={onDone}
      onSend={(fields, images, onProgress) =>
        submit.mutateAsync({
          onProgress,
          body: {
          productId,
          orderId,
          reviewerName: fields.reviewerName,
          rating: fields.rating,
          comment: fields.comment,
          images,
          },
        })
      }
    />
  );
}

import { reviewTokenMissing } from '@/api/rules/review.gen';
import { Spinner } from '@/components/ui/spinner';
import reviewTexts from '@/i18n/en/reviews.json';
import { useMessages } from '@/lib/i18n';

import { useSubmitTokenReviewMutation } from '../api/submit-review';
import { useVerifyReviewToken } from '../api/verify-review-token';

import { ReviewForm } from './review-form';

/**
 * The e-mailed link's review (docs/spec.md §2 'Review forms'): the token is verified first ('Missing review token.'
 * without one; the server's message, else 'Invalid or expired token.', for a link that cannot be used), then
 * the product's name and the form.
 */
export function TokenReview({ token }: { token: string }) {
  const link = useVerifyReviewToken(token);
  const submit = useSubmitTokenReviewMutation();
  const t = useMessages(reviewTexts, 'reviews');

  if (token === '') {
    return (
      <p className="form-field__error review-link-error" role="alert">
        {reviewTokenMissing}
      </p>
    );
  }
  if (link.isPending) return <Spinner label={t.checkingLink()} />;
  if (link.isError) {
    return (
      <p className="form-field__error review-link-error" role="alert">
        {link.error.message}
      </p>
    );
  }

  const { productName, productId } = link.data;
  return (
    <>
      <p className="review-product">
        {t.product()} <strong>{productName}</strong>
      </p>
      <ReviewForm
        kind="token"
        label={t.reviewOf({ name: productName })}
        onSend={(fields, images, onProgress) =>
          submit.mutateAsync({
            onProgress,
            body: {
            token,
            productId,
            reviewerName: fields.reviewerName,
            rating: fields.rating,
            comment: fields.comment,
            images,
            },
          })
        }
      />
    </>
  );
}

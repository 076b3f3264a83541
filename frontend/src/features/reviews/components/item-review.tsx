import { useId, useState } from 'react';

import reviewTexts from '@/i18n/en/reviews.json';
import { useMessages } from '@/lib/i18n';

import { InternalReview } from './internal-review';

interface ItemReviewProps {
  productId: string;
  orderId: string;
  productName: string;
  /** Whether the customer has reviewed this product for this order already. */
  reviewed: boolean;
  defaultName?: string;
}

/**
 * An item of a delivered order in My Orders (docs/spec.md §2): 'Write Review' opens the internal form under it and
 * turns into 'Cancel'; once reviewed, 'Reviewed'.
 */
export function ItemReview({ productId, orderId, productName, reviewed, defaultName }: ItemReviewProps) {
  const [open, setOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const formId = useId();
  const t = useMessages(reviewTexts, 'reviews');

  return (
    <div className="item-review">
      {reviewed || submitted ? (
        <span className="review-badge">{t.reviewed()}</span>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          aria-label={open ? t.cancelReviewOf({ name: productName }) : t.writeReviewOf({ name: productName })}
          onClick={() => {
            setOpen((current) => !current);
          }}
        >
          {open ? t.cancel() : t.writeReviewButton()}
        </button>
      )}
      {open && (
        <div id={formId} className="item-review__form">
          <InternalReview
            productId={productId}
            orderId={orderId}
            productName={productName}
            defaultName={defaultName}
            onDone={() => {
              setSubmitted(true);
            }}
          />
        </div>
      )}
    </div>
  );
}

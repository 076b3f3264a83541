import { useId, useState, type SubmitEvent } from 'react';
import { useSearchParams } from 'react-router';

import type { ReviewResponse } from '@/api/generated';
import { anonymousReviewer, MAX_ADMIN_REPLY_CHARS } from '@/api/rules/review.gen';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';
import { LoadMore } from '@/components/ui/load-more';
import { LoadingBar } from '@/components/ui/loading-bar';
import { StarRating } from '@/components/ui/star-rating';
import { env } from '@/config/env';
import { formatDateTime } from '@/lib/date-time';
import { imageSources } from '@/lib/responsive-image';

import {
  reviewsOfPages,
  reviewStatuses,
  useAdminReviews,
  useDeleteReviewMutation,
  useModerateReviewMutation,
  useReplyToReviewMutation,
  type ReviewStatus,
} from '../api/reviews';

const STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

function statusLabel(status: string): string {
  return (reviewStatuses as readonly string[]).includes(status) ? STATUS_LABELS[status as ReviewStatus] : status;
}

/**
 * The reviews admin (docs/spec.md §2 'Reviews admin'): every review, pending first, filtered by status; Approve
 * and Reject (each hidden when the review is in that state already), the shop's reply, and Delete.
 */
export function AdminReviews() {
  // `?status=pending` (the dashboard's 'Reviews waiting') opens the list filtered.
  const [params] = useSearchParams();
  const [status, setStatus] = useState<ReviewStatus | ''>(() => {
    const asked = params.get('status') ?? '';
    return (reviewStatuses as readonly string[]).includes(asked) ? (asked as ReviewStatus) : '';
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pages = useAdminReviews(status);
  const reviews = reviewsOfPages(pages.data);
  const id = useId();

  return (
    <>
      <div className="form-field admin-reviews__filter">
        <label htmlFor={`${id}-status`}>Show</label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ReviewStatus | '');
          }}
        >
          <option value="">All reviews</option>
          {reviewStatuses.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <OutcomeMessage outcome={outcome} />
      {pages.isPending ? (
        <LoadingBar label="Loading reviews" />
      ) : pages.data === undefined ? (
        <p className="admin-message admin-message--error" role="alert">
          Could not load reviews.
        </p>
      ) : reviews.length === 0 ? (
        <p className="status-text">No reviews.</p>
      ) : (
        <>
          <ul className="admin-product-list admin-reviews">
            {reviews.map((review) => (
              <AdminReview key={review._id} review={review} onOutcome={setOutcome} />
            ))}
          </ul>
          <LoadMore pages={pages} label="Load more" failed="Could not load more reviews." />
        </>
      )}
    </>
  );
}

function AdminReview({ review, onOutcome }: { review: ReviewResponse; onOutcome: (outcome: Outcome) => void }) {
  const moderate = useModerateReviewMutation();
  const remove = useDeleteReviewMutation();
  const toOutcome = useReplyOutcome();
  const titleId = `review-${review._id}`;
  // The name the reviewer typed, else the account's name, else 'Anonymous'; the account's name beside it only
  // when it says something more (never an empty or bracketed word that reads like a role).
  const accountName = review.userId?.name.trim() ?? '';
  const name = review.reviewerName.trim() || accountName || anonymousReviewer;
  const what = `${name}'s review of ${review.productId.name}`;

  async function setStatus(status: ReviewStatus) {
    const reply = await moderate.mutateAsync({ id: review._id, status });
    onOutcome(toOutcome(reply, `✅ ${what} ${status === 'approved' ? 'approved' : status === 'rejected' ? 'rejected' : 'back to pending'}`));
  }

  async function handleDelete() {
    if (!window.confirm(`Delete ${what}?`)) return;
    onOutcome(toOutcome(await remove.mutateAsync(review._id), `✅ ${what} deleted`));
  }

  return (
    <li>
      <article className="admin-product admin-review" aria-labelledby={titleId}>
        <h3 id={titleId} className="admin-product__name">
          {review.productId.name}{' '}
          <span className={`badge admin-badge admin-review__status admin-review__status--${review.status}`}>{statusLabel(review.status)}</span>
        </h3>
        <p className="admin-review__by">
          <StarRating rating={review.rating} /> <strong>{name}</strong>
          {accountName !== '' && accountName !== name && <span className="admin-product__meta"> · account: {accountName}</span>}
        </p>
        <p className="admin-product__meta">
          <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
          {review.orderId && <> · Order #{review.orderId}</>}
        </p>
        {review.comment.trim() !== '' && <p className="admin-review__comment">{review.comment}</p>}
        {review.images.length > 0 && (
          <ul className="admin-review__images" aria-label="Photos">
            {review.images.map((url, index) => {
              const sources = imageSources({ url, variants: review.imageVariants[index] ?? [] });
              return (
                <li key={url}>
                  <a href={sources.src} target="_blank" rel="noreferrer">
                    <img {...sources} sizes="72px" alt={`Photo ${index + 1} of ${what}`} width={72} height={72} loading="lazy" />
                  </a>
                </li>
              );
            })}
          </ul>
        )}
        {review.adminReply && (
          <p className="admin-review__reply">
            <strong>{env.shopName}:</strong> {review.adminReply}
          </p>
        )}
        <div className="admin-row__actions">
          {review.status !== 'approved' && (
            <button type="button" className="button" disabled={moderate.isPending} aria-label={`Approve ${what}`} onClick={() => void setStatus('approved')}>
              Approve
            </button>
          )}
          {review.status !== 'rejected' && (
            <button type="button" className="button button--secondary" disabled={moderate.isPending} aria-label={`Reject ${what}`} onClick={() => void setStatus('rejected')}>
              Reject
            </button>
          )}
          <button
            type="button"
            className="button button--secondary admin-button--danger"
            disabled={remove.isPending}
            aria-label={`Delete ${what}`}
            onClick={() => void handleDelete()}
          >
            Delete
          </button>
        </div>
        <ReplyForm review={review} what={what} onOutcome={onOutcome} />
      </article>
    </li>
  );
}

function ReplyForm({ review, what, onOutcome }: { review: ReviewResponse; what: string; onOutcome: (outcome: Outcome) => void }) {
  const reply = useReplyToReviewMutation();
  const toOutcome = useReplyOutcome();
  const id = useId();
  const [text, setText] = useState(review.adminReply ?? '');

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const adminComment = text.trim();
    const answer = await reply.mutateAsync({ id: review._id, adminComment });
    onOutcome(toOutcome(answer, adminComment === '' ? `✅ Reply to ${what} removed` : `✅ Reply to ${what} saved`));
  }

  return (
    <form className="admin-review__reply-form" aria-label={`Reply to ${what}`} onSubmit={(event) => void handleSubmit(event)}>
      <div className="form-field">
        <label htmlFor={`${id}-reply`}>Reply</label>
        <textarea
          id={`${id}-reply`}
          rows={2}
          maxLength={MAX_ADMIN_REPLY_CHARS}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </div>
      <button type="submit" className="button button--secondary" disabled={reply.isPending}>
        Save reply
      </button>
    </form>
  );
}

import { AdminReviews } from '@/features/review-moderation/components/admin-reviews';

/** /admin/reviews: review requests, pending first, to approve, reject, answer or delete. */
export default function AdminReviewsRoute() {
  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Review Requests</title>
      <h1 id="page-title">Review Requests</h1>
      <AdminReviews />
    </section>
  );
}

import { addReviewTitle } from '@/api/rules/pages.gen';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { TokenReview } from '@/features/reviews/components/token-review';

const tokenParam = z.catch(z.string().check(z.trim()), '');

/** /add-review and /review?token=...: the e-mailed link's review form. */
export default function AddReviewRoute() {
  const [params] = useSearchParams();
  const token = tokenParam.parse(params.get('token') ?? '');

  return (
    <section className="page review-page" aria-labelledby="page-title">
      <title>{addReviewTitle}</title>
      <h1 id="page-title" className="page-title">
        Write a Review
      </h1>
      <TokenReview token={token} />
    </section>
  );
}

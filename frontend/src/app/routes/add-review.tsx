import { addReviewTitle, addReviewTitleUr } from '@/api/rules/pages.gen';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { TokenReview } from '@/features/reviews/components/token-review';
import reviewTexts from '@/i18n/en/reviews.json';
import { useLanguage, useMessages } from '@/lib/i18n';

const tokenParam = z.catch(z.string().check(z.trim()), '');

/** /add-review and /review?token=...: the e-mailed link's review form. */
export default function AddReviewRoute() {
  const [params] = useSearchParams();
  const token = tokenParam.parse(params.get('token') ?? '');
  const t = useMessages(reviewTexts, 'reviews');
  const title = useLanguage() === 'ur' ? addReviewTitleUr : addReviewTitle;

  return (
    <section className="page review-page" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title" className="page-title">
        {t.writeReview()}
      </h1>
      <TokenReview token={token} />
    </section>
  );
}

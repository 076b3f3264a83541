import { internalReviewTitle, internalReviewTitleUr } from '@/api/rules/pages.gen';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { paths } from '@/config/paths';
import { signedOut, useCurrentUser } from '@/features/auth/api/current-user';
import { InternalReview } from '@/features/reviews/components/internal-review';
import reviewTexts from '@/i18n/en/reviews.json';
import { useLanguage, useMessages } from '@/lib/i18n';

const itemParams = z.object({
  productId: z.string().check(z.regex(/^\d+$/)),
  orderId: z.string().check(z.regex(/^\d+$/)),
  name: z.catch(z.string(), ''),
});

/**
 * /internal-review?productId=&orderId=&name=: the signed-in customer's review of an item of a delivered
 * order, the form My Orders opens inline. Without an item to review it points to My Orders.
 */
export default function InternalReviewRoute() {
  const [params] = useSearchParams();
  const item = itemParams.safeParse(Object.fromEntries(params));
  const user = useCurrentUser().data ?? signedOut;
  const t = useMessages(reviewTexts, 'reviews');
  const title = useLanguage() === 'ur' ? internalReviewTitleUr : internalReviewTitle;

  return (
    <section className="page review-page" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title" className="page-title">
        {t.writeReview()}
      </h1>
      {item.success ? (
        <>
          {item.data.name && (
            <p className="review-product">
              {t.product()} <strong>{item.data.name}</strong>
            </p>
          )}
          <InternalReview
            productId={item.data.productId}
            orderId={item.data.orderId}
            productName={item.data.name || t.yourItem()}
            defaultName={user.name}
          />
        </>
      ) : (
        <p className="status-text">
          {t.chooseItemStart()}
          <Link to={paths.orders.getHref()}>{t.chooseItemLink()}</Link>
          {t.chooseItemEnd()}
        </p>
      )}
    </section>
  );
}

import { internalReviewTitle } from '@/api/rules/pages.gen';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { paths } from '@/config/paths';
import { signedOut, useCurrentUser } from '@/features/auth/api/current-user';
import { InternalReview } from '@/features/reviews/components/internal-review';

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

  return (
    <section className="page review-page" aria-labelledby="page-title">
      <title>{internalReviewTitle}</title>
      <h1 id="page-title" className="page-title">
        Write a Review
      </h1>
      {item.success ? (
        <>
          {item.data.name && (
            <p className="review-product">
              Product: <strong>{item.data.name}</strong>
            </p>
          )}
          <InternalReview
            productId={item.data.productId}
            orderId={item.data.orderId}
            productName={item.data.name || 'your item'}
            defaultName={user.name}
          />
        </>
      ) : (
        <p className="status-text">
          Choose a delivered item to review in <Link to={paths.orders.getHref()}>My Orders</Link>.
        </p>
      )}
    </section>
  );
}

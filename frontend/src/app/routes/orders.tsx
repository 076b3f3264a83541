import { ordersTitle, ordersTitleUr } from '@/api/rules/pages.gen';
import { SavedAddresses } from '@/features/addresses/components/saved-addresses';
import { useCurrentUser, signedOut } from '@/features/auth/api/current-user';
import { RequireCustomer } from '@/features/auth/components/require-customer';
import { MyOrders } from '@/features/orders/components/my-orders';
import { reviewedKey, useReviewedItems } from '@/features/reviews/api/reviewed-items';
import { ItemReview } from '@/features/reviews/components/item-review';
import { useLanguage } from '@/lib/i18n';

/** My Orders, with 'Write Review' / 'Cancel' or 'Reviewed' under each item of a delivered order. */
function MyOrdersPage() {
  const user = useCurrentUser().data ?? signedOut;
  const { reviewed, isPending } = useReviewedItems(user.uid);
  return (
    <MyOrders
      uid={user.uid}
      renderItemExtra={(order, line) =>
        order.status === 'delivered' && !isPending ? (
          <ItemReview
            productId={line.productId}
            orderId={order._id}
            productName={line.name}
            reviewed={reviewed.has(reviewedKey(line.productId, order._id))}
            defaultName={user.name}
          />
        ) : null
      }
    />
  );
}

/** My Account's saved addresses, under the orders. */
function SavedAddressesOfUser() {
  const user = useCurrentUser().data ?? signedOut;
  return <SavedAddresses signedIn={user.uid !== ''} />;
}

export default function OrdersRoute() {
  return (
    <RequireCustomer>
      <title>{useLanguage() === 'ur' ? ordersTitleUr : ordersTitle}</title>
      <MyOrdersPage />
      <SavedAddressesOfUser />
    </RequireCustomer>
  );
}

import { useCurrentUser, signedOut } from '@/features/auth/api/current-user';
import { RequireCustomer } from '@/features/auth/components/require-customer';
import { MyOrders } from '@/features/orders/components/my-orders';

function MyOrdersPage() {
  const user = useCurrentUser().data ?? signedOut;
  return <MyOrders uid={user.uid} />;
}

export default function OrdersRoute() {
  return (
    <RequireCustomer>
      <title>My Orders</title>
      <MyOrdersPage />
    </RequireCustomer>
  );
}

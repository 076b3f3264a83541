import { useLocation } from 'react-router';

import { AdminOrders } from '@/features/order-admin/components/admin-orders';

/**
 * /admin/orders (and ?q= from a link to an earlier order): search, filter and move customer orders through
 * approval, dispatch and delivery.
 */
export default function AdminOrdersRoute() {
  // Each visit starts the list afresh, so a link to another order's search shows it even from this page.
  const { key } = useLocation();
  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Customer Orders</title>
      <h1 id="page-title">Customer Orders</h1>
      <AdminOrders key={key} />
    </section>
  );
}

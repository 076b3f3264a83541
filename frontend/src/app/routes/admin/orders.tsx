import { AdminOrders } from '@/features/admin/components/admin-orders';

/** /admin/orders: search, filter and move customer orders through approval, dispatch and delivery. */
export default function AdminOrdersRoute() {
  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Customer Orders</title>
      <h1 id="page-title">Customer Orders</h1>
      <AdminOrders />
    </section>
  );
}

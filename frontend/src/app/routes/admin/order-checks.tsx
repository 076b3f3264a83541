import { CodSettingsPage } from '@/features/order-admin/components/cod-settings';

/** /admin/order-checks: the risk rules that score pending orders, and the confirmation hours. */
export default function OrderChecksRoute() {
  return (
    <section className="page admin-page admin-page--checks" aria-labelledby="page-title">
      <title>Order Checks</title>
      <h1 id="page-title">Order Checks</h1>
      <CodSettingsPage />
    </section>
  );
}

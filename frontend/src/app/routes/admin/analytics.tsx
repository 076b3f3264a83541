import { OrderAnalytics } from '@/features/analytics/components/order-analytics';

/** /admin/analytics: placed, delivered, returned and rejected orders, delivery rate and cash collected. */
export default function AdminAnalyticsRoute() {
  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Order Analytics</title>
      <h1 id="page-title">Order Analytics</h1>
      <OrderAnalytics />
    </section>
  );
}

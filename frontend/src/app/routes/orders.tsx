import { ComingSoon } from '@/components/ui/coming-soon';

export default function OrdersRoute() {
  return <ComingSoon title="My Orders" description="Your orders, their status and their delivery details." />;
}

import { ComingSoon } from '@/components/ui/coming-soon';

export default function AdminOrdersRoute() {
  return <ComingSoon title="Customer Orders" description="Search orders and move them through approval, dispatch and delivery." />;
}

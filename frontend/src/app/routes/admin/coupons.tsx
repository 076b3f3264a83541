import { ComingSoon } from '@/components/ui/coming-soon';

export default function CouponsRoute() {
  return <ComingSoon title="Manage Coupons" description="Add, pause, activate and delete coupons." />;
}

import { ComingSoon } from '@/components/ui/coming-soon';

export default function CartRoute() {
  return <ComingSoon title="Cart Overview" description="Your cart with delivery charge, coupon and total before checkout." />;
}

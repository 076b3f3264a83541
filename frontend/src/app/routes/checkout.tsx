import { ComingSoon } from '@/components/ui/coming-soon';

export default function CheckoutRoute() {
  return <ComingSoon title="Checkout" description="Enter your delivery details and place a cash-on-delivery order." />;
}

import { ComingSoon } from '@/components/ui/coming-soon';

export default function OrderConfirmationRoute() {
  return <ComingSoon title="Order Confirmation" description="Confirms that your cash-on-delivery order is awaiting approval." />;
}

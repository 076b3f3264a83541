import { ComingSoon } from '@/components/ui/coming-soon';

export default function DeliveryChargeRoute() {
  return <ComingSoon title="Delivery Charges" description="Set the delivery charge added to orders." />;
}

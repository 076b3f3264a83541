import { ComingSoon } from '@/components/ui/coming-soon';

export default function ProductRoute() {
  return <ComingSoon title="Product details" description="Photos, price, stock, reviews and an Add to Cart button for one product." />;
}

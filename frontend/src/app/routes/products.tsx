import { ComingSoon } from '@/components/ui/coming-soon';

export default function ProductsRoute() {
  return <ComingSoon title="All Products" description="Every accessory in the shop, with a View Details link for each." />;
}

import { ComingSoon } from '@/components/ui/coming-soon';

export default function ProductsByCategoryRoute() {
  return <ComingSoon title="Products by Category" description="Browse the products of each category." />;
}

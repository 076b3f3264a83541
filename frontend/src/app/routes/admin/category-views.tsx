import { ComingSoon } from '@/components/ui/coming-soon';

export default function CategoryViewsRoute() {
  return <ComingSoon title="Category Views (Analytics)" description="How often each category has been viewed." />;
}

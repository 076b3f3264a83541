import { ComingSoon } from '@/components/ui/coming-soon';

export default function AddCategoryRoute() {
  return <ComingSoon title="Add Category" description="Create a category, optionally under a parent category." />;
}

import { ComingSoon } from '@/components/ui/coming-soon';

export default function CategoryRoute() {
  return <ComingSoon title="Category" description="The products of one category and its sub-categories, sortable by price." />;
}

import { ComingSoon } from '@/components/ui/coming-soon';

export default function ManageProductsRoute() {
  return <ComingSoon title="Manage Products" description="Edit, delete or feature products." />;
}

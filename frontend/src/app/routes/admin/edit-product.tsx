import { ComingSoon } from '@/components/ui/coming-soon';

export default function EditProductRoute() {
  return <ComingSoon title="Edit Product" description="Change a product, its photos and its videos." />;
}

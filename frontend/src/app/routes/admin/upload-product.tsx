import { ComingSoon } from '@/components/ui/coming-soon';

export default function UploadProductRoute() {
  return <ComingSoon title="Add Product" description="Create a product with its price, stock, description and photos." />;
}

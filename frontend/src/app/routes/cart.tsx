import { cartTitle } from '@/api/rules/pages.gen';
import { CartOverview } from '@/features/cart/components/cart-overview';

export default function CartRoute() {
  return (
    <>
      <title>{cartTitle}</title>
      <CartOverview />
    </>
  );
}

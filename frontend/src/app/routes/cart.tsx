import { CartOverview } from '@/features/cart/components/cart-overview';

export default function CartRoute() {
  return (
    <>
      <title>Cart Overview</title>
      <CartOverview />
    </>
  );
}

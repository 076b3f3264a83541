import { OrderConfirmation } from '@/features/orders/components/order-confirmation';

export default function OrderConfirmationRoute() {
  return (
    <>
      <title>Order Confirmation</title>
      <OrderConfirmation />
    </>
  );
}

import { orderConfirmationTitle } from '@/api/rules/pages.gen';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';

export default function OrderConfirmationRoute() {
  return (
    <>
      <title>{orderConfirmationTitle}</title>
      <OrderConfirmation />
    </>
  );
}

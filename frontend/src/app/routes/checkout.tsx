import { ComingSoon } from '@/components/ui/coming-soon';
import { RequireCustomer } from '@/features/auth/components/require-customer';

export default function CheckoutRoute() {
  return (
    <RequireCustomer>
      <ComingSoon title="Checkout" description="Enter your delivery details and place a cash-on-delivery order." />
    </RequireCustomer>
  );
}

import { ComingSoon } from '@/components/ui/coming-soon';
import { RequireCustomer } from '@/features/auth/components/require-customer';

export default function OrdersRoute() {
  return (
    <RequireCustomer>
      <ComingSoon title="My Orders" description="Your orders, their status and their delivery details." />
    </RequireCustomer>
  );
}

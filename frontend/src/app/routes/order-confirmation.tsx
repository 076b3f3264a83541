import { orderConfirmationTitle } from '@/api/rules/pages.gen';
import { useLocation } from 'react-router';
import * as z from 'zod/mini';

import { OrderConfirmation } from '@/features/orders/components/order-confirmation';

/** The order the checkout hands over in the router state (kept by the browser's history across a reload). */
const placedState = z.object({
  order: z.object({
    _id: z.string(),
    total: z.number(),
    cart: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number(), lineTotal: z.number() })),
  }),
  confirmWithinHours: z.optional(z.number()),
});

export default function OrderConfirmationRoute() {
  const state = placedState.safeParse(useLocation().state);
  return (
    <>
      <title>{orderConfirmationTitle}</title>
      <OrderConfirmation
        order={state.success ? state.data.order : undefined}
        confirmWithinHours={state.success ? state.data.confirmWithinHours : undefined}
      />
    </>
  );
}

import { orderConfirmationTitle, orderConfirmationTitleUr } from '@/api/rules/pages.gen';
import { useLocation } from 'react-router';

import { OrderConfirmation, type PlacedOrder } from '@/features/orders/components/order-confirmation';
import { useLanguage } from '@/lib/i18n';

/** What the checkout hands over in the router state (kept by the browser's history across a reload). */
interface PlacedState {
  order: PlacedOrder;
  confirmWithinHours?: number;
}

/**
 * Whether the router state is the checkout's, checked by hand: a zod schema here would add a chunk to this
 * page's preload list, which the home page's script carries.
 */
function isPlacedState(state: unknown): state is PlacedState {
  if (typeof state !== 'object' || state === null || !('order' in state)) return false;
  const { order, confirmWithinHours } = state as { order: unknown; confirmWithinHours?: unknown };
  if (confirmWithinHours !== undefined && typeof confirmWithinHours !== 'number') return false;
  if (typeof order !== 'object' || order === null) return false;
  const { _id, total, cart, whatsappTo, confirmedVia } = order as Record<string, unknown>;
  return (
    typeof _id === 'string' &&
    (whatsappTo === undefined || whatsappTo === null || typeof whatsappTo === 'string') &&
    (confirmedVia === undefined || confirmedVia === null || confirmedVia === 'link' || confirmedVia === 'whatsapp') &&
    typeof total === 'number' &&
    Array.isArray(cart) &&
    cart.every(
      (line: unknown) =>
        typeof line === 'object' &&
        line !== null &&
        typeof (line as { name?: unknown }).name === 'string' &&
        typeof (line as { quantity?: unknown }).quantity === 'number' &&
        typeof (line as { lineTotal?: unknown }).lineTotal === 'number',
    )
  );
}

export default function OrderConfirmationRoute() {
  const state: unknown = useLocation().state;
  const placed = isPlacedState(state) ? state : undefined;
  return (
    <>
      <title>{useLanguage() === 'ur' ? orderConfirmationTitleUr : orderConfirmationTitle}</title>
      <OrderConfirmation order={placed?.order} confirmWithinHours={placed?.confirmWithinHours} />
    </>
  );
}

import type { OrderResponse } from '@/api/generated';
import orderTexts from '@/i18n/en/order-parts.json';
import { useMessages, type Messages } from '@/lib/i18n';

type CourierFields = Pick<OrderResponse, 'courier' | 'trackingNumber'>;

/**
 * 'Courier: Leopards, tracking number LE123456789' (docs/cod.md 'Bulk dispatch'), or null while the order has
 * no tracking number.
 */
export function courierText(
  { courier, trackingNumber }: CourierFields,
  t = orderTexts as unknown as Messages<typeof orderTexts>,
): string | null {
  if (!trackingNumber) return null;
  return courier ? t.courier({ courier, number: trackingNumber }) : t.tracking({ number: trackingNumber });
}

/** The order's courier and tracking number as a line, as the shopper and the admin see them; nothing without one. */
export function OrderCourier({ order, className = 'order-courier' }: { order: CourierFields; className?: string }) {
  const text = courierText(order, useMessages(orderTexts, 'order-parts'));
  return text === null ? null : <p className={className}>{text}</p>;
}

import type { OrderResponse } from '@/api/generated';

type CourierFields = Pick<OrderResponse, 'courier' | 'trackingNumber'>;

/**
 * 'Courier: Leopards, tracking number LE123456789' (docs/cod.md 'Bulk dispatch'), or null while the order has
 * no tracking number.
 */
export function courierText({ courier, trackingNumber }: CourierFields): string | null {
  if (!trackingNumber) return null;
  return courier ? `Courier: ${courier}, tracking number ${trackingNumber}` : `Tracking number ${trackingNumber}`;
}

/** The order's courier and tracking number as a line, as the shopper and the admin see them; nothing without one. */
export function OrderCourier({ order, className = 'order-courier' }: { order: CourierFields; className?: string }) {
  const text = courierText(order);
  return text === null ? null : <p className={className}>{text}</p>;
}

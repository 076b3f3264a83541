import { statusTone, useStatusLabel } from '@/lib/order-status';

import './order-status.css';

/**
 * An order's status as a badge: the word itself, so the colour (docs/spec.md §4: pending yellow, approved teal,
 * dispatched blue, delivered green, rejected and returned red) is never the only sign.
 */
export function OrderStatusBadge({ status }: { status: string }) {
  const statusLabel = useStatusLabel();
  return <span className={`order-status order-status--${statusTone(status)}`}>{statusLabel(status)}</span>;
}

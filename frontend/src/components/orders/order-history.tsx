import type { OrderResponse } from '@/api/generated';
import { formatDateTime } from '@/lib/date-time';
import orderTexts from '@/i18n/en/order-parts.json';
import { useMessages } from '@/lib/i18n';
import { useStatusLabel } from '@/lib/order-status';

import './orders.css';


/**
 * Every status the order took with its date and time (Pakistan time), the reason of a rejection, and what the
 * owner corrected (an entry that keeps the status, with its note).
 */
export function OrderHistory({ history }: { history: OrderResponse['history'] }) {
  const t = useMessages(orderTexts, 'order-parts');
  const statusLabel = useStatusLabel();
  return (
    <ol className="order-history">
      {history.map((event, index) => (
        <li key={`${event.status}-${event.at}-${String(index)}`}>
          <span className="order-history__status">{statusLabel(event.status)}</span>{' '}
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          {event.comment && (
            <p className="order-history__comment">
              {event.status === 'rejected' ? t.reason() : ''}
              {event.comment}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

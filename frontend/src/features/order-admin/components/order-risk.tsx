import type { AdminOrderResponse } from '@/api/generated';
import { formatDateTime } from '@/lib/date-time';

import { riskBadgeText } from '../lib/order-checks';
import { confirmedBadgeText } from '../lib/whatsapp-thread';

import { WhatsAppBadge } from './whatsapp-thread';

import '@/components/ui/order-status.css';
import '../order-checks.css';

/**
 * An order's checks as its row in the admin list shows them (docs/cod.md 'Risk score', 'Confirmation link'):
 * the risk badge (level in words and score), whether and how the shopper confirmed ('Confirmed on WhatsApp',
 * 'Confirmed by link'), the WhatsApp thread's state when it says more, and the reasons in words.
 */
export function OrderRisk({ order }: { order: Pick<AdminOrderResponse, '_id' | 'risk' | 'confirmedAt' | 'confirmedVia' | 'whatsapp'> }) {
  const { risk, confirmedAt } = order;
  return (
    <div className="order-checks">
      <p className="order-checks__badges">
        <span className={`risk-badge risk-badge--${risk.level}`}>{riskBadgeText(risk)}</span>
        <span className={`confirm-badge${confirmedAt ? ' confirm-badge--yes' : ''}`}>
          {confirmedAt ? (
            <>
              {confirmedBadgeText(order)} <time dateTime={confirmedAt}>{formatDateTime(confirmedAt)}</time>
            </>
          ) : (
            confirmedBadgeText(order)
          )}
        </span>
        <WhatsAppBadge order={order} />
      </p>
      {risk.reasons.length > 0 && (
        <ul className="order-checks__reasons" aria-label={`Risk reasons for order #${order._id}`}>
          {risk.reasons.map((reason) => (
            <li key={reason.rule}>
              {reason.text} <span className="order-checks__points">(+{reason.points})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

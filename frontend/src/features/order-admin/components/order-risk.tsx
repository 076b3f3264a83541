import type { AdminOrderResponse } from '@/api/generated';
import { formatDateTime } from '@/lib/date-time';

import { confirmationLabel, riskBadgeText } from '../lib/order-checks';

import '@/components/ui/order-status.css';
import '../order-checks.css';

/**
 * An order's checks as its row in the admin list shows them (docs/cod.md 'Risk score', 'Confirmation link'):
 * the risk badge (level in words and score), whether the shopper confirmed, and the reasons in words.
 */
export function OrderRisk({ order }: { order: Pick<AdminOrderResponse, '_id' | 'risk' | 'confirmedAt'> }) {
  const { risk, confirmedAt } = order;
  return (
    <div className="order-checks">
      <p className="order-checks__badges">
        <span className={`risk-badge risk-badge--${risk.level}`}>{riskBadgeText(risk)}</span>
        <span className={`confirm-badge${confirmedAt ? ' confirm-badge--yes' : ''}`}>
          {confirmedAt ? (
            <>
              {confirmationLabel(confirmedAt)} <time dateTime={confirmedAt}>{formatDateTime(confirmedAt)}</time>
            </>
          ) : (
            confirmationLabel(confirmedAt)
          )}
        </span>
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

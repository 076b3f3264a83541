import { Link } from 'react-router';

import type { OrderResponse } from '@/api/generated';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { adminAreaPaths } from '@/config/admin-area-paths';
import { formatDateTime } from '@/lib/date-time';
import { formatRupees } from '@/lib/money';

import { useRelatedOrders } from '../api/order-checks';
import { codMessages, contactSummary, relatedOrderLabel } from '../lib/order-checks';
import { whatsAppLink } from '../lib/whatsapp';

import '../order-checks.css';

type History = NonNullable<ReturnType<typeof useRelatedOrders>['data']>['byPhone'];

function ContactHistory({ title, history }: { title: string; history: History }) {
  return (
    <div className="order-contact__group">
      <h5>{title}</h5>
      <p>{contactSummary(history)}</p>
      {history.orders.length > 0 && (
        <ul className="order-contact__orders">
          {history.orders.map((other) => (
            <li key={other._id}>
              <Link to={adminAreaPaths.orders.getHref(other._id)}>#{other._id}</Link> {other.name} · {formatRupees(other.total)} ·{' '}
              <time dateTime={other.createdAt}>{formatDateTime(other.createdAt)}</time> <OrderStatusBadge status={other.status} />{' '}
              <span className="order-contact__label">{relatedOrderLabel(other)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The expanded order's checks (docs/cod.md 'Contact history', 'WhatsApp'): 'Chat on WhatsApp' with the
 * order's summary filled in, and what this phone and this e-mail did before, each earlier order linked to
 * the list searched for it and labelled with whether it counts towards the score (the same account's, or
 * confirmed). Mounted when the order is opened, so the history is asked for then.
 */
export function OrderContact({ order }: { order: OrderResponse }) {
  const related = useRelatedOrders(order._id);
  return (
    <section aria-label="Contact history" className="order-contact">
      <h4>Contact history</h4>
      <p>
        <a className="button button--secondary order-contact__whatsapp" href={whatsAppLink(order)} target="_blank" rel="noopener noreferrer">
          {codMessages.whatsApp}
        </a>
      </p>
      {related.isPending ? (
        <p className="status-text">Loading the contact history…</p>
      ) : related.isError ? (
        <p className="admin-message admin-message--error" role="alert">
          {codMessages.historyLoadFailed}
        </p>
      ) : (
        <>
          <ContactHistory title={`This phone (${related.data.phone})`} history={related.data.byPhone} />
          <ContactHistory title={`This e-mail (${related.data.email})`} history={related.data.byEmail} />
          <p className="order-contact__note">{codMessages.historyNote}</p>
        </>
      )}
    </section>
  );
}

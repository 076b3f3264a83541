import { useId, useState, type ReactNode } from 'react';

import type { OrderItemResponse, OrderResponse } from '@/api/generated';
import { OrderFigures, OrderLines } from '@/components/orders/order-figures';
import { OrderCourier } from '@/components/orders/order-courier';
import { OrderHistory } from '@/components/orders/order-history';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { formatDateTime } from '@/lib/date-time';
import ordersTexts from '@/i18n/en/orders.json';
import { useMessages } from '@/lib/i18n';
import { formatRupees } from '@/lib/money';
import { useProvinceName } from '@/lib/province-name';

import { useConfirmMyOrder } from '../api/confirm-my-order';
import { isAlreadyConfirmed, ordersMessages, whatsAppSentByText, whatsAppSentText } from '../lib/messages';
import { addressLines, itemCountText } from '../lib/order-details';

/** What a page adds under an item of an order (the route composes in the review toggle). */
export type RenderItemExtra = (order: OrderResponse, line: OrderItemResponse) => ReactNode;

/**
 * One order of My Orders (docs/spec.md §2): collapsed, its id, item count, total and status badge on a button that
 * expands it; expanded, its items, delivery address, figures and history (each status with its date, and the
 * reason of a rejection).
 */
export function OrderCard({
  order,
  renderItemExtra,
  confirmWithinHours,
}: {
  order: OrderResponse;
  renderItemExtra?: RenderItemExtra;
  /** The hours from placing within which a pending order should be confirmed (the list's `confirmWithinHours`). */
  confirmWithinHours?: number;
}) {
  const t = useMessages(ordersTexts, 'orders');
  const provinceName = useProvinceName();
  const [open, setOpen] = useState(false);
  const detailsId = useId();

  return (
    <li>
      <article className="order-card" aria-label={t.order({ id: order._id })}>
        <h2 className="order-card__heading">
          <button
            type="button"
            className="order-card__toggle"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => {
              setOpen((current) => !current);
            }}
          >
            <span className="order-card__id">{t.order({ id: order._id })}</span>
            <span className="order-card__meta">
              {itemCountText(order)} · {formatRupees(order.total)}
            </span>
            <OrderStatusBadge status={order.status} />
            <span className="order-card__chevron" aria-hidden="true" />
          </button>
        </h2>
        {order.status === 'pending' && <OrderConfirmState order={order} confirmWithinHours={confirmWithinHours} />}
        {(order.status === 'dispatched' || order.status === 'delivered') && <OrderCourier order={order} className="order-card__courier" />}
        <div id={detailsId} className="order-card__details" hidden={!open}>
          <p className="order-card__placed">
            {t.placed()} <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
          <section aria-label={t.items()}>
            <h3>{t.items()}</h3>
            <OrderLines order={order} renderExtra={renderItemExtra && ((line) => renderItemExtra(order, line))} />
          </section>
          <section aria-label={t.deliveryAddress()}>
            <h3>{t.deliveryAddress()}</h3>
            <address className="order-card__address">
              {addressLines(order.userDetails, provinceName).map((line, index) => (
                <span key={index}>{line}</span>
              ))}
            </address>
          </section>
          <section aria-label={t.payment()}>
            <h3>{t.payment()}</h3>
            <OrderFigures order={order} />
          </section>
          <section aria-label={t.history()}>
            <h3>{t.history()}</h3>
            <OrderHistory history={order.history} />
          </section>
        </div>
      </article>
    </li>
  );
}

/**
 * Whether a pending order is confirmed: 'Confirmed by you' (or 'Confirmed by you on WhatsApp') in green, or the
 * WhatsApp message to answer when the shop sent one and a 'Confirm my order' button (for a shopper who lost the
 * e-mail) whose answer shows under it; 'already confirmed' is good news too.
 */
function OrderConfirmState({ order, confirmWithinHours }: { order: OrderResponse; confirmWithinHours?: number }) {
  const t = useMessages(ordersTexts, 'orders');
  const confirm = useConfirmMyOrder();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  if ((order.confirmedAt || order.confirmedVia) && result === null) {
    return (
      <p className="order-card__confirmation order-card__confirmation--done">
        ✓ {order.confirmedVia === 'whatsapp' ? ordersMessages.confirmedOnWhatsApp : ordersMessages.confirmed}
      </p>
    );
  }

  async function handleClick() {
    setResult(null);
    const reply = await confirm.mutateAsync(order);
    if (reply.kind === 'done') setResult({ tone: 'success', message: reply.data.message });
    else if (reply.kind === 'refused' && reply.message && isAlreadyConfirmed(reply.message)) {
      setResult({ tone: 'success', message: reply.message });
    } else if (reply.kind === 'refused' && reply.message) setResult({ tone: 'error', message: reply.message });
    else setResult({ tone: 'error', message: ordersMessages.confirmFailed });
  }

  return (
    <div className="order-card__confirmation">
      {result?.tone !== 'success' && (
        <>
          {order.whatsappTo && (
            <p className="order-card__whatsapp">
              {confirmWithinHours === undefined
                ? whatsAppSentText(order.whatsappTo)
                : whatsAppSentByText(order.whatsappTo, order.createdAt, confirmWithinHours)}
            </p>
          )}
          <p>{ordersMessages.notConfirmed}</p>
          <button
            type="button"
            className="button"
            disabled={confirm.isPending}
            aria-busy={confirm.isPending}
            onClick={() => void handleClick()}
          >
            {t.confirmMyOrder()}
          </button>
        </>
      )}
      <p
        className={`order-card__confirmation-result order-card__confirmation-result--${result?.tone ?? 'none'}`}
        role={result?.tone === 'error' ? 'alert' : 'status'}
      >
        {result ? `${result.tone === 'success' ? '✓ ' : ''}${result.message}` : ''}
      </p>
    </div>
  );
}

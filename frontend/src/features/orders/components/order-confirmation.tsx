import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { getShopInfoOptions } from '@/api/generated/@tanstack/react-query.gen';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import ordersTexts from '@/i18n/en/orders.json';
import { useMessages } from '@/lib/i18n';
import { formatRupees } from '@/lib/money';

import { ordersMessages, whatsAppSentText } from '../lib/messages';

import '../orders.css';


/** How long the confirmation's spinner shows (docs/spec.md §9). */
export const CONFIRMATION_SPINNER_MS = 1500;

/** What the confirmation page needs of the order just placed (the checkout hands it over in the router state). */
export interface PlacedOrder {
  _id: string;
  total: number;
  cart: { productId: string; name: string; quantity: number; lineTotal: number }[];
  /** The number the shop's WhatsApp confirmation went to, as written here ('0300 1234567'); none when WhatsApp is off. */
  whatsappTo?: string | null;
  /** How the shopper confirmed the order, once they did. */
  confirmedVia?: 'link' | 'whatsapp' | null;
}

/**
 * The page after a placed order (docs/spec.md §2 'Order confirmation', docs/orders.md 'After the tap'): a spinner
 * for 1.5 s, then 'Order Placed — Awaiting Approval' with the order number right under it, what was ordered, the
 * total to pay on delivery, and the next step in words: the WhatsApp message to answer with Confirm when the shop
 * sent one, the e-mailed link to answer within the owner's hours (from the placement's answer), or that it is confirmed,
 * when to expect delivery, and the shop's WhatsApp number when set. Without the order (an address typed by
 * hand) it says what happens next in general.
 */
export function OrderConfirmation({ order, confirmWithinHours: hours }: { order?: PlacedOrder; confirmWithinHours?: number }) {
  const t = useMessages(ordersTexts, 'orders');
  const [waiting, setWaiting] = useState(true);
  const shop = useQuery({ ...getShopInfoOptions(), staleTime: 60_000 });

  useEffect(() => {
    const timer = setTimeout(() => {
      setWaiting(false);
    }, CONFIRMATION_SPINNER_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);

  if (waiting) return <Spinner label={t.confirming()} />;

  return (
    <section className="page order-confirmation" aria-labelledby="page-title">
      <span className="order-confirmation__tick" aria-hidden="true">
        ✓
      </span>
      <h1 id="page-title" className="page-title">
        {t.placedTitle()}
      </h1>
      {order ? (
        <>
          <p className="order-confirmation__number">
            {t.orderNumber()} <strong>#{order._id}</strong>
          </p>
          <section aria-label={t.whatYouOrdered()} className="order-confirmation__summary">
            <ul className="order-confirmation__items">
              {order.cart.map((line) => (
                <li key={line.productId}>
                  <span>
                    {line.name} × {line.quantity}
                  </span>
                  <span>{formatRupees(line.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <p className="order-confirmation__total">
              {t.totalOnDelivery()} <strong>{formatRupees(order.total)}</strong>
            </p>
          </section>
          <section aria-labelledby="next-step" className="order-confirmation__next">
            <h2 id="next-step">{t.nextStep()}</h2>
            <ol>
              {order.confirmedVia ? (
                <li className="order-confirmation__confirmed">
                  ✓ {order.confirmedVia === 'whatsapp' ? ordersMessages.confirmedOnWhatsApp : ordersMessages.confirmed}
                </li>
              ) : (
                <>
                  {order.whatsappTo ? <li className="order-confirmation__whatsapp">{whatsAppSentText(order.whatsappTo, hours)}</li> : null}
                  <li>
                    {hours === undefined ? t.emailLink() : t.emailLinkWithin({ hours })}
                  </li>
                </>
              )}
              <li>{shop.data ? t.weCheckDelivery({ time: shop.data.deliveryTime }) : t.weCheck()}</li>
              <li>{t.keepReady({ amount: formatRupees(order.total) })}</li>
              {shop.data?.whatsappLink && shop.data.whatsappLocal ? (
                <li>
                  {t.questions()} <a href={shop.data.whatsappLink}>{shop.data.whatsappLocal}</a>
                  {t.questionsEnd()}
                </li>
              ) : null}
            </ol>
          </section>
        </>
      ) : (
        <p>{t.pendingGeneral()}</p>
      )}
      <OrderNextLinks />
    </section>
  );
}


/** Where a shopper goes after an order: back to the shop or to My Orders, after any links of the page's own. */
export function OrderNextLinks({ children }: { children?: ReactNode }) {
  const t = useMessages(ordersTexts, 'orders');
  return (
    <div className="order-confirmation__links">
      {children}
      <Link to={paths.home.getHref()} className="button button--secondary">
        {t.continueShopping()}
      </Link>
      <Link to={paths.orders.getHref()} className="button">
        {t.viewOrders()}
      </Link>
    </div>
  );
}

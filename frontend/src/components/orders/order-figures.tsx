import type { ReactNode } from 'react';

import type { OrderItemResponse, OrderResponse } from '@/api/generated';
import orderTexts from '@/i18n/en/order-parts.json';
import { useMessages } from '@/lib/i18n';
import { formatRupees } from '@/lib/money';

import './orders.css';


interface OrderLinesProps {
  order: Pick<OrderResponse, 'cart'>;
  /** What a page adds under an item (My Orders: the review toggle). */
  renderExtra?: (line: OrderItemResponse) => ReactNode;
}

/** An order's items (name × quantity, price × quantity) and figures, as the shopper and the admin see them. */
export function OrderLines({ order, renderExtra }: OrderLinesProps) {
  return (
    <ul className="order-lines">
      {order.cart.map((line) => (
        <li key={line.productId}>
          <span className="order-lines__name">
            {line.name} × {line.quantity}
          </span>
          <span className="order-lines__price">
            {formatRupees(line.price)} × {line.quantity}
          </span>
          {renderExtra?.(line)}
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, delivery ('Free' at 0), 'Coupon ({code})' with '- Rs {amount}' when one was used, and the total. */
export function OrderFigures({ order }: { order: Pick<OrderResponse, 'subtotal' | 'deliveryCharge' | 'coupon' | 'couponDiscount' | 'total'> }) {
  const t = useMessages(orderTexts, 'order-parts');
  return (
    <dl className="order-figures">
      <div>
        <dt>{t.subtotal()}</dt>
        <dd>{formatRupees(order.subtotal)}</dd>
      </div>
      <div>
        <dt>{t.delivery()}</dt>
        <dd>{order.deliveryCharge === 0 ? t.free() : formatRupees(order.deliveryCharge)}</dd>
      </div>
      {order.coupon && (
        <div>
          <dt>{t.coupon({ code: order.coupon })}</dt>
          <dd>{formatRupees(-order.couponDiscount)}</dd>
        </div>
      )}
      <div className="order-figures__total">
        <dt>{t.total()}</dt>
        <dd>{formatRupees(order.total)}</dd>
      </div>
    </dl>
  );
}

import { useId } from 'react';

import cartTexts from '@/i18n/en/cart.json';
import checkoutTexts from '@/i18n/en/checkout.json';
import { localText, useMessages } from '@/lib/i18n';
import { formatRupees } from '@/lib/money';

import { useDeliveryCharge } from '../api/get-delivery-charge';
import { useUnitLimit } from '../api/get-order-limits';
import { useRefreshCartProducts } from '../api/refresh-cart-products';
import { useCart, useCartTotals } from '../hooks/use-cart';
import { useCouponRecheck } from '../hooks/use-coupon';
import { unitPrice } from '../lib/cart-rules';
import { countedLines } from '../lib/cart-store';
import { formatPaisa } from '../lib/format';
import { lineFigures } from '../lib/summary-figures';

/**
 * The checkout's sticky order summary (docs/spec.md §2 'Checkout'): the items, subtotal, delivery ('Free' at 0),
 * 'Coupon ({code})' with '- Rs {amount}', and the total, by the cart's one pricing rule. Showing it fetches
 * the delivery charge, the most units of one product an order may hold (a line holding more comes down to it)
 * and every item's product again and keeps the coupon current, so what it shows is what the server will charge.
 */
export function CheckoutSummary() {
  const state = useCart();
  const totals = useCartTotals();
  const titleId = useId();
  const t = useMessages(checkoutTexts, 'checkout');
  const c = useMessages(cartTexts, 'cart');
  useDeliveryCharge();
  useRefreshCartProducts();
  useUnitLimit();
  useCouponRecheck();
  const lines = countedLines(state);
  // Each line's figure, so that the lines add up to the subtotal shown (docs/decisions/0033).
  const shown = lineFigures(lines.map((item) => unitPrice(item) * item.quantity));

  return (
    <aside className="cart-summary checkout-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.orderSummary()}</h2>
      {lines.length === 0 ? (
        <p className="status-text">{t.cartEmpty()}</p>
      ) : (
        <ul className="checkout-summary__items">
          {lines.map((item, at) => (
            <li key={item.productId}>
              <span>
                {localText(item.name, item.nameUr)} × {item.quantity}
              </span>
              <span>{formatRupees(shown[at] ?? 0)}</span>
            </li>
          ))}
        </ul>
      )}
      {lines.length < state.items.length && (
        <p className="cart-item__problem">{t.leftOut()}</p>
      )}
      <dl className="cart-summary__rows">
        <div>
          <dt>{c.subtotal()}</dt>
          <dd>{formatPaisa(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>{c.delivery()}</dt>
          <dd>{totals.delivery === 0 ? c.free() : formatPaisa(totals.delivery)}</dd>
        </div>
        {state.coupon && (
          <div>
            <dt>{c.coupon({ code: state.coupon.code })}</dt>
            <dd>{formatPaisa(-totals.couponDiscount)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>{c.total()}</dt>
          <dd aria-live="polite">{formatPaisa(totals.total)}</dd>
        </div>
      </dl>
    </aside>
  );
}

import { Link } from 'react-router';

import { paths } from '@/config/paths';
import cartTexts from '@/i18n/en/cart.json';
import { useMessages } from '@/lib/i18n';
import { formatRupees } from '@/lib/money';

import { useCart, useCartTotals } from '../hooks/use-cart';
import { summaryFigures } from '../lib/summary-figures';

import { CouponForm } from './coupon-form';

/**
 * The cart's sums, each row one the total is built from (docs/decisions/0033): with a product discount, the
 * items at list price, the discount taken off and the subtotal they leave; then delivery ('Free' at 0), the
 * coupon when held, the total. Coupon field; checkout.
 */
export function CartSummary() {
  const t = useMessages(cartTexts, 'cart');
  const money = formatRupees;
  const { coupon } = useCart();
  const figures = summaryFigures(useCartTotals());

  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">{t.summary()}</h2>
      <dl className="cart-summary__rows">
        {figures.productDiscount > 0 && (
          <>
            <div>
              <dt>{t.listPrice()}</dt>
              <dd>{money(figures.listPrice)}</dd>
            </div>
            <div>
              <dt>{t.productDiscount()}</dt>
              <dd>{money(-figures.productDiscount)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t.subtotal()}</dt>
          <dd>{money(figures.subtotal)}</dd>
        </div>
        <div>
          <dt>{t.delivery()}</dt>
          <dd>{figures.delivery === 0 ? t.free() : money(figures.delivery)}</dd>
        </div>
        {coupon && (
          <div>
            <dt>{t.coupon({ code: coupon.code })}</dt>
            <dd>{money(-figures.couponDiscount)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>{t.total()}</dt>
          <dd>{money(figures.total)}</dd>
        </div>
      </dl>
      <CouponForm />
      <Link to={paths.checkout.getHref()} className="button button--large cart-summary__checkout">
        {t.proceed()}
      </Link>
    </section>
  );
}

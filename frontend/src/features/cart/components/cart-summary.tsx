import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { useCart, useCartTotals } from '../hooks/use-cart';
import { formatPaisa } from '../lib/format';

import { CouponForm } from './coupon-form';

/** Subtotal, product discount, delivery ('Free' at 0), the coupon when held, the total; coupon field; checkout. */
export function CartSummary() {
  const { coupon } = useCart();
  const totals = useCartTotals();

  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Summary</h2>
      <dl className="cart-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPaisa(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>Product discount</dt>
          <dd>{totals.productDiscount > 0 ? formatPaisa(-totals.productDiscount) : formatPaisa(0)}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{totals.delivery === 0 ? 'Free' : formatPaisa(totals.delivery)}</dd>
        </div>
        {coupon && (
          <div>
            <dt>Coupon ({coupon.code})</dt>
            <dd>{formatPaisa(-totals.couponDiscount)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>{formatPaisa(totals.total)}</dd>
        </div>
      </dl>
      <CouponForm />
      <Link to={paths.checkout.getHref()} className="button button--large cart-summary__checkout">
        Proceed to Checkout
      </Link>
    </section>
  );
}

import { Link } from 'react-router';

import { paths } from '@/config/paths';
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
  const { coupon } = useCart();
  const figures = summaryFigures(useCartTotals());

  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Summary</h2>
      <dl className="cart-summary__rows">
        {figures.productDiscount > 0 && (
          <>
            <div>
              <dt>Items at list price</dt>
              <dd>{formatRupees(figures.listPrice)}</dd>
            </div>
            <div>
              <dt>Product discount</dt>
              <dd>{formatRupees(-figures.productDiscount)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(figures.subtotal)}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{figures.delivery === 0 ? 'Free' : formatRupees(figures.delivery)}</dd>
        </div>
        {coupon && (
          <div>
            <dt>Coupon ({coupon.code})</dt>
            <dd>{formatRupees(-figures.couponDiscount)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>{formatRupees(figures.total)}</dd>
        </div>
      </dl>
      <CouponForm />
      <Link to={paths.checkout.getHref()} className="button button--large cart-summary__checkout">
        Proceed to Checkout
      </Link>
    </section>
  );
}

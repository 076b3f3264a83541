import { Link } from 'react-router';

import { cartTitle, cartTitleUr } from '@/api/rules/pages.gen';
import { paths } from '@/config/paths';
import cartTexts from '@/i18n/en/cart.json';
import { useLanguage, useMessages } from '@/lib/i18n';

import { useDeliveryCharge } from '../api/get-delivery-charge';
import { useUnitLimit } from '../api/get-order-limits';
import { useRefreshCartProducts } from '../api/refresh-cart-products';
import { useCart } from '../hooks/use-cart';

import { CartLineItem } from './cart-line-item';
import { CartLink } from './cart-link';
import { CartSummary } from './cart-summary';

/**
 * The cart page (docs/spec.md §2 'Cart'): a top bar, then the empty state or the lines and the summary. Loading
 * it fetches the delivery charge and the most units of one product an order may hold once, and refreshes every
 * item from the API.
 */
export function CartOverview() {
  const t = useMessages(cartTexts, 'cart');
  const title = useLanguage() === 'ur' ? cartTitleUr : cartTitle;
  const { items, status } = useCart();
  useDeliveryCharge();
  useRefreshCartProducts();
  useUnitLimit();

  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <div className="cart-topbar">
        <Link to={paths.home.getHref()} className="cart-topbar__back">
          <span aria-hidden="true" className="cart-topbar__arrow">← </span>
          {t.continueShopping()}
        </Link>
        <h1 id="cart-title" className="cart-topbar__title">
          {title}
        </h1>
        <CartLink />
      </div>
      {items.length === 0 ? (
        <div className="cart-empty">
          <h2>{t.empty()}</h2>
          <p>{t.emptyHint()}</p>
          <Link to={paths.home.getHref()} className="button">
            {t.startShopping()}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section className="cart-items" aria-labelledby="cart-items-title">
            <h2 id="cart-items-title" className="visually-hidden">
              {t.items()}
            </h2>
            <ul className="cart-items__list">
              {items.map((item) => (
                <CartLineItem key={item.productId} item={item} status={status[item.productId]} />
              ))}
            </ul>
          </section>
          <CartSummary />
        </div>
      )}
    </section>
  );
}

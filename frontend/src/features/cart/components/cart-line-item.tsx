import { useId } from 'react';
import { Link } from 'react-router';

import { PriceLine } from '@/components/ui/price-line';
import { paths } from '@/config/paths';
import buttonTexts from '@/i18n/en/cart-buttons.json';
import cartTexts from '@/i18n/en/cart.json';
import { localText, useMessages } from '@/lib/i18n';
import { mediaUrl } from '@/lib/media-url';

import { useCartStore, useMaxPerItem } from '../hooks/use-cart';
import { displayedPrice, unitPrice } from '../lib/cart-rules';
import type { CartItem } from '../lib/cart-storage';
import type { ItemStatus } from '../lib/cart-store';
import { formatPaisa } from '../lib/format';
import { stepperStop } from '../lib/stepper-stop';

import { QuantityStepper } from './quantity-stepper';

interface CartLineItemProps {
  item: CartItem;
  status?: ItemStatus;
}

/**
 * One cart line: image, name, unit price (with the struck list price), stepper, Remove and line total. Where
 * the stepper stops (the stock, or the most units of one product an order may hold), the line says why.
 */
export function CartLineItem({ item, status }: CartLineItemProps) {
  const store = useCartStore();
  const t = useMessages(cartTexts, 'cart');
  const buttons = useMessages(buttonTexts, 'cart-buttons');
  const maxPerItem = useMaxPerItem();
  const nameId = useId();
  const limitId = useId();
  const stop = stepperStop(item.quantity, item.stock, maxPerItem, (count) => t.onlyInStock({ count }));
  const href = paths.product.getHref(item.productId);
  const shown = displayedPrice(item);
  const unavailable = status?.unavailable;

  return (
    <li className={unavailable ? 'cart-item cart-item--unavailable' : 'cart-item'} aria-labelledby={nameId}>
      <Link to={href} className="cart-item__media" tabIndex={-1} aria-hidden="true">
        {item.image ? (
          <img src={mediaUrl(item.image)} alt="" width={80} height={80} loading="lazy" decoding="async" />
        ) : (
          <span className="cart-item__no-image" />
        )}
      </Link>
      <div className="cart-item__info">
        <h3 id={nameId} className="cart-item__name">
          <Link to={href}>{localText(item.name, item.nameUr)}</Link>
        </h3>
        <p className="cart-item__price">
          <PriceLine price={item.price} finalPrice={shown} label={t.unitPrice()} />
        </p>
        {unavailable && <p className="cart-item__problem">{unavailable === 'gone' ? t.gone() : t.outOfStock()} {t.notIncluded()}</p>}
        {status?.notice && <p className="cart-item__notice">{status.notice}</p>}
        {!unavailable && stop && (
          <p id={limitId} className="cart-item__notice">
            {stop}
          </p>
        )}
      </div>
      <div className="cart-item__controls">
        {!unavailable && (
          <QuantityStepper
            quantity={item.quantity}
            max={Math.min(item.stock, maxPerItem)}
            decrementLabel={t.removeOne()}
            incrementLabel={buttons.addOneMore()}
            groupLabel={buttons.quantity()}
            describedBy={stop ? `${nameId} ${limitId}` : nameId}
            onDecrement={() => {
              store.decrement(item.productId);
            }}
            onIncrement={() => {
              store.increment(item.productId);
            }}
          />
        )}
        <button
          type="button"
          className="button button--link"
          aria-describedby={nameId}
          onClick={() => {
            store.remove(item.productId);
          }}
        >
          {t.removeLine()}
        </button>
      </div>
      <p className="cart-item__total">
        <span className="visually-hidden">{t.lineTotal()}</span>
        {unavailable ? '—' : formatPaisa(unitPrice(item) * item.quantity)}
      </p>
    </li>
  );
}

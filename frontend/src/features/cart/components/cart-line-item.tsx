import { useId } from 'react';
import { Link } from 'react-router';

import { PriceLine } from '@/components/ui/price-line';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/media-url';

import { useCartStore, useMaxPerItem } from '../hooks/use-cart';
import { displayedPrice, unitPrice } from '../lib/cart-rules';
import type { CartItem } from '../lib/cart-storage';
import type { ItemStatus } from '../lib/cart-store';
import { formatPaisa } from '../lib/format';
import { stepperStop } from '../lib/stepper-stop';

import { QuantityStepper } from './quantity-stepper';

const UNAVAILABLE_TEXT = {
  gone: 'This product is no longer available.',
  'out-of-stock': 'This product is out of stock.',
} as const;

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
  const maxPerItem = useMaxPerItem();
  const nameId = useId();
  const limitId = useId();
  const stop = stepperStop(item.quantity, item.stock, maxPerItem);
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
          <Link to={href}>{item.name}</Link>
        </h3>
        <p className="cart-item__price">
          <PriceLine price={item.price} finalPrice={shown} label="Unit price: " />
        </p>
        {unavailable && <p className="cart-item__problem">{UNAVAILABLE_TEXT[unavailable]} It is not included in your total.</p>}
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
            decrementLabel="Remove one"
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
          Remove
        </button>
      </div>
      <p className="cart-item__total">
        <span className="visually-hidden">Line total: </span>
        {unavailable ? '—' : formatPaisa(unitPrice(item) * item.quantity)}
      </p>
    </li>
  );
}

import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import buttonTexts from '@/i18n/en/cart-buttons.json';
import { useMessages } from '@/lib/i18n';

import { useCartItem, useCartStore, useMaxPerItem } from '../hooks/use-cart';
import type { CartProduct } from '../lib/cart-store';

import { QuantityStepper } from './quantity-stepper';

interface CartControlsProps {
  product: CartProduct;
  /** The id of the product's name, so each button says which product it acts on. */
  describedBy?: string;
}

/**
 * A card's cart buttons: 'Add' and 'Buy' while the product is not in the cart (both disabled when out of
 * stock); a stepper (minus labelled 'Remove', count, plus disabled at stock or at the most units of one product
 * an order may hold) and 'Buy Now' once it is.
 */
export function CartControls({ product, describedBy }: CartControlsProps) {
  const store = useCartStore();
  const item = useCartItem(product._id);
  const maxPerItem = useMaxPerItem();
  const navigate = useNavigate();
  const t = useMessages(buttonTexts, 'cart-buttons');
  const goToCart = () => {
    void navigate(paths.cart.getHref());
  };

  if (item) {
    return (
      <div className="cart-controls cart-controls--in-cart">
        <QuantityStepper
          quantity={item.quantity}
          max={Math.min(item.stock, product.stock, maxPerItem)}
          decrementLabel={t.remove()}
          incrementLabel={t.addOneMore()}
          groupLabel={t.quantity()}
          describedBy={describedBy}
          onDecrement={() => {
            store.decrement(product._id);
          }}
          onIncrement={() => {
            store.increment(product._id);
          }}
        />
        <button type="button" className="button" aria-describedby={describedBy} onClick={goToCart}>
          {t.buyNow()}
        </button>
      </div>
    );
  }

  const outOfStock = product.stock <= 0;
  return (
    <div className="cart-controls">
      <button
        type="button"
        className="button button--secondary"
        disabled={outOfStock}
        aria-describedby={describedBy}
        onClick={() => {
          store.add(product);
        }}
      >
        {t.add()}
      </button>
      <button
        type="button"
        className="button"
        disabled={outOfStock}
        aria-describedby={describedBy}
        onClick={() => {
          store.add(product);
          goToCart();
        }}
      >
        {t.buy()}
      </button>
    </div>
  );
}

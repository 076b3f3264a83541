import { CartControls } from '@/features/cart/components/cart-controls';
import type { Product } from '@/features/products/types';

/** Each card's cart buttons: the cart feature's controls, composed into the products feature's card. */
export function cartActions(product: Product, describedBy: string) {
  return <CartControls product={product} describedBy={describedBy} />;
}

import { toWholeRupees, unitPrice } from './cart-rules';
import { countedLines, totalsOf, type CartState } from './cart-store';

/**
 * The figures an order is placed with (docs/orders.md 'Placing an order'), in whole rupees as the API
 * speaks them, computed by the cart's one pricing rule, so the checkout asks for exactly what the cart showed.
 */
export interface OrderFigures {
  cart: { productId: string; name: string; quantity: number; price: number }[];
  subtotal: number;
  deliveryCharge: number;
  coupon: string | null;
  couponDiscount: number;
  total: number;
}

/** The order figures of the cart's counted lines (items found gone or out of stock are left out). */
export function orderFiguresOf(state: CartState): OrderFigures {
  const totals = totalsOf(state);
  return {
    cart: countedLines(state).map((item) => ({
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      price: toWholeRupees(unitPrice(item)),
    })),
    subtotal: toWholeRupees(totals.subtotal),
    deliveryCharge: toWholeRupees(totals.delivery),
    coupon: state.coupon?.code ?? null,
    couponDiscount: state.coupon ? toWholeRupees(totals.couponDiscount) : 0,
    total: toWholeRupees(totals.total),
  };
}

import { useMutation } from '@tanstack/react-query';

import { client } from '@/api/generated/client.gen';
import type { Order } from '@/lib/order-draft-types';

import type { UserDetails } from '../lib/checkout-form';
import { placeOrderOutcome, type PlaceOrderOutcome } from '../lib/place-order-reply';

/** The body of POST /api/orders (docs/orders.md 'Placing an order'). */
export interface PlaceOrderBody {
  userId: string;
  userDetails: UserDetails;
  cart: { productId: string; name: string; quantity: number; price: number }[];
  subtotal: number;
  deliveryCharge: number;
  coupon: string | null;
  couponDiscount: number;
  total: number;
}

/** POST /api/orders with its `Idempotency-Key`, read into a PlaceOrderOutcome; it never throws. */
export async function requestPlaceOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<PlaceOrderOutcome<Order>> {
  try {
    const { data, error, response } = await client.post<{ 201: { order: Order } }>({
      url: '/api/orders',
      body,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    });
    if ((response as Response | undefined) === undefined) {
      console.error('placing the order failed', error);
      return placeOrderOutcome(null);
    }
    return placeOrderOutcome<Order>({ status: response.status, order: data?.order, body: error });
  } catch (error) {
    console.error(error);
    return placeOrderOutcome(null);
  }
}

export function usePlaceOrderMutation() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) => requestPlaceOrder(body, idempotencyKey),
  });
}

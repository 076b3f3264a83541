import { useMutation } from '@tanstack/react-query';

import { placeOrder, type PlaceOrderBody } from '@/api/generated';

import { placeOrderOutcome, type PlaceOrderOutcome } from '../lib/place-order-reply';

/** POST /api/orders with its `Idempotency-Key`, read into a PlaceOrderOutcome; it never throws. */
export async function requestPlaceOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<PlaceOrderOutcome> {
  try {
    const { data, error, response } = await placeOrder({ body, headers: { 'Idempotency-Key': idempotencyKey } });
    if ((response as Response | undefined) === undefined) {
      console.error('placing the order failed', error);
      return await placeOrderOutcome(null);
    }
    return await placeOrderOutcome({ status: response.status, order: data?.order, confirmWithinHours: data?.confirmWithinHours, body: error });
  } catch (error) {
    // No answer, or an answer of the wrong shape (the generated validator throws).
    console.error('placing the order failed', error);
    return await placeOrderOutcome(null);
  }
}

export function usePlaceOrderMutation() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) => requestPlaceOrder(body, idempotencyKey),
  });
}

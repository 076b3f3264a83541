import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { getDeliveryChargeOptions } from '@/api/generated/@tanstack/react-query.gen';

import { useCartStore } from '../hooks/use-cart';

export function getDeliveryChargeQueryOptions() {
  // Read once per cart visit: no retry, the charge stays 0 on failure (docs/spec.md §8).
  return { ...getDeliveryChargeOptions(), retry: false };
}

/**
 * Fetches the settings' delivery charge and hands it to the cart; a failure is only logged, and the cart
 * keeps a charge of 0.
 */
export function useDeliveryCharge(): void {
  const store = useCartStore();
  const { data, error } = useQuery(getDeliveryChargeQueryOptions());

  useEffect(() => {
    if (data && data.deliveryCharge >= 0) store.setDeliveryCharge(data.deliveryCharge);
  }, [data, store]);

  useEffect(() => {
    if (error) console.error('failed to fetch delivery charge', error);
  }, [error]);
}

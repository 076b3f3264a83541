import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { getOrderLimitsOptions } from '@/api/generated/@tanstack/react-query.gen';

import { useCartStore } from '../hooks/use-cart';
import { withUnitLimit } from '../lib/unit-limit';

/**
 * Asks the server once per visit of the cart or the checkout for the most units of one product an order may
 * hold, and hands it to the cart (lines above it come down to it). A failure keeps the default: the server still
 * refuses more, in the same words.
 */
export function useUnitLimit(): void {
  const store = useCartStore();
  const { data } = useQuery({ ...getOrderLimitsOptions(), retry: false });

  useEffect(() => {
    if (data) store.update((state) => withUnitLimit(state, data.unitsPerProduct));
  }, [data, store]);
}

import { formatRupees } from '@/lib/money';

import { toWholeRupees } from './cart-rules';

/** An amount of paisa the one way the shop shows money: `Rs 849`. */
export function formatPaisa(paisa: number): string {
  return formatRupees(toWholeRupees(paisa));
}

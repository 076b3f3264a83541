import type { OrderResponse } from '@/api/generated';
import { provinceName } from '@/lib/province-name';

import { ordersText } from './messages';

/** Units in the order: '3 items', '1 item' (in the page's language). */
export function itemCountText(order: Pick<OrderResponse, 'cart'>): string {
  const count = order.cart.reduce((sum, line) => sum + line.quantity, 0);
  return ordersText().itemCount({ count });
}

/** The delivery address as lines: name, address (its own line breaks kept), then city and province (as written). */
export function addressLines(details: OrderResponse['userDetails'], nameOf: (province: string) => string = provinceName): string[] {
  const province = details.province ? nameOf(details.province) : details.province;
  const place = [details.city, province].filter((part): part is string => Boolean(part)).join(', ');
  return [details.name, ...details.address.split(/\r?\n/), place].filter((line) => line.trim() !== '');
}

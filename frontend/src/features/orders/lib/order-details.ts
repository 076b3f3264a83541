import type { OrderResponse } from '@/api/generated';
import { provinceName } from '@/lib/province-name';

/** Units in the order: '3 items', '1 item'. */
export function itemCountText(order: Pick<OrderResponse, 'cart'>): string {
  const count = order.cart.reduce((sum, line) => sum + line.quantity, 0);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The delivery address as lines: name, address (its own line breaks kept), then city and province (as written). */
export function addressLines(details: OrderResponse['userDetails']): string[] {
  const province = details.province ? provinceName(details.province) : details.province;
  const place = [details.city, province].filter((part): part is string => Boolean(part)).join(', ');
  return [details.name, ...details.address.split(/\r?\n/), place].filter((line) => line.trim() !== '');
}

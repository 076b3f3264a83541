import type { OrderResponse } from '@/api/generated';
import { formatRupees } from '@/lib/money';

type WhatsAppOrder = Pick<OrderResponse, '_id' | 'cart' | 'deliveryCharge' | 'coupon' | 'couponDiscount' | 'total' | 'userDetails'> &
  Partial<Pick<OrderResponse, 'confirmedAt' | 'confirmedVia'>>;

/** The chat's last line: the request to confirm, or thanks once the shopper confirmed (by link or on WhatsApp). */
export const whatsAppAsk = {
  confirm: 'Please reply YES to confirm your order.',
  confirmed: 'Thank you for confirming your order. Write to us here if anything needs changing.',
} as const;

/**
 * The message the admin sends the shopper to confirm a cash-on-delivery order by hand (docs/cod.md
 * 'WhatsApp'): greeting, one line per item with its line total, delivery ('Free' at 0), the coupon only when
 * one was used, the total to pay, the address (its lines joined by ', ', a comma ending a line dropped) with the city when one was chosen,
 * and the request to reply YES, or, once the shopper confirmed (by the e-mailed link or on WhatsApp), thanks
 * instead of asking again.
 */
export function whatsAppText(order: WhatsAppOrder): string {
  const details = order.userDetails;
  const address = details.address
    .split('\n')
    .map((line) => line.trim().replace(/\s*,+$/, ''))
    .filter((line) => line !== '')
    .join(', ');
  return [
    `Assalam o Alaikum ${details.name}, this is about your order #${order._id}:`,
    ...order.cart.map((line) => `${line.quantity} x ${line.name}: ${formatRupees(line.lineTotal)}`),
    `Delivery: ${order.deliveryCharge === 0 ? 'Free' : formatRupees(order.deliveryCharge)}`,
    ...(order.coupon ? [`Coupon ${order.coupon}: -${formatRupees(order.couponDiscount)}`] : []),
    `Total to pay on delivery: ${formatRupees(order.total)}`,
    `Address: ${address}${details.city ? `, ${details.city}` : ''}`,
    order.confirmedAt || order.confirmedVia ? whatsAppAsk.confirmed : whatsAppAsk.confirm,
  ].join('\n');
}

/** The click-to-chat link to the order's primary phone (its normal form without '+'), the message filled in. */
export function whatsAppLink(order: WhatsAppOrder): string {
  return `https://wa.me/${order.userDetails.phone1.replace(/^\+/, '')}?text=${encodeURIComponent(whatsAppText(order))}`;
}

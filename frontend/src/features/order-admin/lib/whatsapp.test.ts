import { describe, expect, it } from 'vitest';

import { makeOrder } from '@/testing/fixtures';

import { whatsAppLink, whatsAppText } from './whatsapp';

// docs/cod.md's example: 2 x Phone Case (Rs 1,700), delivery Rs 200, SAVE10 taking Rs 190, total Rs 1,710.
const example = makeOrder({
  _id: '42',
  cart: [{ productId: '12', name: 'Phone Case', quantity: 2, price: 850, lineTotal: 1700 }],
  subtotal: 1700,
  deliveryCharge: 200,
  coupon: 'SAVE10',
  couponDiscount: 190,
  total: 1710,
});

describe('whatsAppText', () => {
  it('reads as docs/cod.md shows it, the coupon line included', () => {
    expect(whatsAppText(example)).toBe(
      [
        'Assalam o Alaikum Ayesha Khan, this is about your order #42:',
        '2 x Phone Case: Rs 1,700',
        'Delivery: Rs 200',
        'Coupon SAVE10: -Rs 190',
        'Total to pay on delivery: Rs 1,710',
        'Address: House 12, Street 4, Gulberg III, Lahore',
        'Please reply YES to confirm your order.',
      ].join('\n'),
    );
  });

  it('leaves the coupon line out without a coupon and the city out without a city, keeps free delivery, and joins address lines', () => {
    const order = makeOrder({
      _id: '43',
      cart: [
        { productId: '12', name: 'Phone Case', quantity: 1, price: 850, lineTotal: 850 },
        { productId: '13', name: 'USB-C Cable', quantity: 3, price: 999, lineTotal: 2997 },
      ],
      deliveryCharge: 0,
      coupon: null,
      couponDiscount: 0,
      total: 3847,
      userDetails: { ...example.userDetails, city: null, province: null, name: 'Bilal Ahmed', address: 'Flat 3,\n  Block B \n\nClifton' },
    });

    expect(whatsAppText(order)).toBe(
      [
        'Assalam o Alaikum Bilal Ahmed, this is about your order #43:',
        '1 x Phone Case: Rs 850',
        '3 x USB-C Cable: Rs 2,997',
        'Delivery: Free',
        'Total to pay on delivery: Rs 3,847',
        'Address: Flat 3, Block B, Clifton',
        'Please reply YES to confirm your order.',
      ].join('\n'),
    );
  });
});

describe('whatsAppText once the shopper confirmed', () => {
  it('thanks instead of asking again, whether they confirmed by the link or on WhatsApp', () => {
    const thanks = 'Thank you for confirming your order. Write to us here if anything needs changing.';
    const byLink = whatsAppText({ ...example, confirmedAt: '2026-11-24T06:10:00Z', confirmedVia: 'link' }).split('\n');
    const onWhatsApp = whatsAppText({ ...example, confirmedAt: '2026-11-24T06:10:00Z', confirmedVia: 'whatsapp' }).split('\n');

    expect(byLink.at(-1)).toBe(thanks);
    expect(onWhatsApp.at(-1)).toBe(thanks);
    expect(onWhatsApp.slice(0, -1)).toEqual(whatsAppText(example).split('\n').slice(0, -1));
  });
});

describe('whatsAppLink', () => {
  it('opens a chat with the primary phone without its plus, the text URL-encoded', () => {
    expect(whatsAppLink(example)).toBe(
      'https://wa.me/923001234567?text=Assalam%20o%20Alaikum%20Ayesha%20Khan%2C%20this%20is%20about%20your%20order%20%2342%3A%0A' +
        '2%20x%20Phone%20Case%3A%20Rs%201%2C700%0ADelivery%3A%20Rs%20200%0ACoupon%20SAVE10%3A%20-Rs%20190%0A' +
        'Total%20to%20pay%20on%20delivery%3A%20Rs%201%2C710%0AAddress%3A%20House%2012%2C%20Street%204%2C%20Gulberg%20III%2C%20Lahore%0A' +
        'Please%20reply%20YES%20to%20confirm%20your%20order.',
    );
  });
});

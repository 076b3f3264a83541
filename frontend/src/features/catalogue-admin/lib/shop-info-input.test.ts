import { describe, expect, it } from 'vitest';

import { checkShopInfo, normaliseWhatsApp } from './shop-info-input';

describe('normaliseWhatsApp', () => {
  it.each(['0300 1234567', '0300-1234567', '03001234567', '+92 300 1234567', '923001234567', '0092 300 1234567'])(
    'writes %s as 923001234567',
    (typed) => {
      expect(normaliseWhatsApp(typed)).toBe('923001234567');
    },
  );

  it.each(['042 35761234', '+44 7700 900123', '0300 12345', 'call me', '0300--1234567'])('refuses %s', (typed) => {
    expect(normaliseWhatsApp(typed)).toBeNull();
  });

  it('takes a blank field as no number', () => {
    expect(normaliseWhatsApp('  ')).toBe('');
  });
});

describe('checkShopInfo', () => {
  it('sends a trimmed delivery time and the normalised number', () => {
    expect(checkShopInfo(' 2–4 working days ', '0300 1234567')).toEqual({
      ok: true,
      body: { deliveryTime: '2–4 working days', whatsapp: '923001234567' },
    });
  });

  it('names each field that is wrong with the server’s words', () => {
    expect(checkShopInfo('', '042 35761234')).toEqual({
      ok: false,
      errors: {
        deliveryTime: 'Delivery time must be 1 to 40 characters, e.g. 2–4 working days.',
        whatsapp: 'Enter a Pakistani mobile number, e.g. 0300 1234567.',
      },
    });
    expect(checkShopInfo('d'.repeat(41), '')).toEqual({
      ok: false,
      errors: { deliveryTime: 'Delivery time must be 1 to 40 characters, e.g. 2–4 working days.' },
    });
  });
});

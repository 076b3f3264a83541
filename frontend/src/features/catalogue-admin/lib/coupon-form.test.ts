import { describe, expect, it } from 'vitest';

import { emptyCouponFields, toCouponBody, todayInPakistan, updateCouponFields } from './coupon-form';

const blank = emptyCouponFields('2025-06-01');

describe('updateCouponFields', () => {
  it('clears the amount when a percent is entered, and the percent when an amount is', () => {
    const withAmount = updateCouponFields(blank, 'amount', '200');
    const withPercent = updateCouponFields(withAmount, 'discountPercent', '10');
    expect(withPercent).toMatchObject({ discountPercent: '10', amount: '' });
    expect(updateCouponFields(withPercent, 'amount', '150')).toMatchObject({ discountPercent: '', amount: '150' });
  });

  it('keeps the other one while the field is only emptied', () => {
    const withAmount = updateCouponFields(blank, 'amount', '200');
    expect(updateCouponFields(withAmount, 'discountPercent', '')).toMatchObject({ amount: '200' });
  });
});

describe('toCouponBody', () => {
  it('sends a percent coupon with minPrice 0 by default', () => {
    const fields = { ...blank, code: ' EID10 ', discountPercent: '10', endDate: '2025-06-30' };
    expect(toCouponBody(fields)).toEqual({
      code: 'EID10',
      discountPercent: 10,
      amount: null,
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      minPrice: 0,
      maxUses: null,
      maxUsesPerCustomer: null,
      isActive: true,
    });
  });

  it('sends the usage limits when given, and none when left empty', () => {
    expect(toCouponBody({ ...blank, code: 'EID10', discountPercent: '10', maxUses: ' 100 ', maxUsesPerCustomer: '1' })).toMatchObject({
      maxUses: 100,
      maxUsesPerCustomer: 1,
    });
    expect(toCouponBody({ ...blank, code: 'EID10', discountPercent: '10', maxUses: '  ' })).toMatchObject({ maxUses: null });
  });

  it('sends an amount coupon', () => {
    expect(toCouponBody({ ...blank, code: 'FLAT200', amount: '200', minPrice: '1500' })).toMatchObject({
      discountPercent: null,
      amount: 200,
      minPrice: 1500,
    });
  });

  it.each([
    ['no code', { code: '  ', discountPercent: '10' }],
    ['no discount', { code: 'X' }],
    ['a zero percent', { code: 'X', discountPercent: '0' }],
    ['a negative amount', { code: 'X', amount: '-5' }],
  ])('refuses %s', (_, change) => {
    expect(toCouponBody({ ...blank, ...change })).toBeNull();
  });
});

describe('todayInPakistan', () => {
  it('is the date in UTC+5', () => {
    expect(todayInPakistan(new Date('2025-06-01T19:30:00Z'))).toBe('2025-06-02');
    expect(todayInPakistan(new Date('2025-06-01T18:00:00Z'))).toBe('2025-06-01');
  });
});

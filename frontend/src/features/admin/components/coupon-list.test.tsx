import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CouponResponse } from '@/api/generated';
import { renderWithProviders } from '@/testing/render';

import { CouponList, usesOf } from './coupon-list';

const coupon = (overrides: Partial<CouponResponse>): CouponResponse => ({
  _id: '1',
  code: 'EID10',
  discountPercent: 10,
  amount: null,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  minPrice: 1500,
  isActive: true,
  uses: 0,
  maxUses: null,
  maxUsesPerCustomer: null,
  ...overrides,
});

describe('usesOf', () => {
  it('counts the uses, against the limits when there are any', () => {
    expect(usesOf({ uses: 0 })).toBe('0 uses');
    expect(usesOf({ uses: 1 })).toBe('1 use');
    expect(usesOf({ uses: 3, maxUses: 100 })).toBe('3 of 100 uses');
    expect(usesOf({ uses: 3, maxUses: 100, maxUsesPerCustomer: 1 })).toBe('3 of 100 uses · at most 1 per customer');
    expect(usesOf({ uses: 2, maxUsesPerCustomer: 2 })).toBe('2 uses · at most 2 per customer');
  });
});

describe('CouponList', () => {
  it('shows each coupon’s uses and limits', () => {
    renderWithProviders(
      <CouponList coupons={[coupon({ uses: 7, maxUses: 50, maxUsesPerCustomer: 1 }), coupon({ _id: '2', code: 'FLAT200', discountPercent: null, amount: 200, uses: 2 })]} />,
    );

    expect(within(screen.getByRole('article', { name: /EID10/ })).getByText('7 of 50 uses · at most 1 per customer')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /FLAT200/ })).getByText('2 uses')).toBeInTheDocument();
  });
});

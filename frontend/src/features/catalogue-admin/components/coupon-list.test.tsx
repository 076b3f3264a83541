import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { CouponResponse } from '@/api/generated';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { emptyCouponFields } from '../lib/coupon-form';

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

describe('editing limits', () => {
  it('sends the typed limits, empty as no limit, and shows the server’s refusal', async () => {
    const sent: unknown[] = [];
    mockFetch(async (url, request) => {
      sent.push({ method: request.method, path: url.pathname, body: (await request.json()) as unknown });
      return jsonResponse({ message: 'This coupon has already been used more often than that limit.' }, 409);
    });
    const user = userEvent.setup();
    renderWithProviders(<CouponList coupons={[coupon({ uses: 7, maxUses: 50 })]} />);

    await user.click(screen.getByRole('button', { name: 'Edit the limits of EID10' }));
    const form = screen.getByRole('form', { name: 'Limits of EID10' });
    expect(within(form).getByLabelText('Uses in all')).toHaveValue(50);
    await user.clear(within(form).getByLabelText('Uses in all'));
    await user.type(within(form).getByLabelText('Uses in all'), '5');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));

    await waitFor(() => { expect(sent).toEqual([{ method: 'PATCH', path: '/api/coupons/limits/1', body: { maxUses: '5', maxUsesPerCustomer: '' } }]); });
    expect(await screen.findByText(/This coupon has already been used more often than that limit\./)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Limits of EID10' })).toBeInTheDocument();
  });
});

describe('a new coupon’s dates', () => {
  it('run from today to 30 days ahead unless the owner says otherwise', () => {
    expect(emptyCouponFields('2026-11-28')).toMatchObject({ startDate: '2026-11-28', endDate: '2026-12-28' });
    expect(emptyCouponFields('2026-12-15')).toMatchObject({ startDate: '2026-12-15', endDate: '2027-01-14' });
  });
});

describe('changing dates', () => {
  it('sends the new dates, says so, and refuses an end before the start without asking the server', async () => {
    const sent: unknown[] = [];
    mockFetch(async (url, request) => {
      const body = (await request.json()) as { startDate: string; endDate: string };
      sent.push({ method: request.method, path: url.pathname, body });
      return jsonResponse({ coupon: coupon(body) });
    });
    const user = userEvent.setup();
    renderWithProviders(<CouponList coupons={[coupon({})]} />);

    await user.click(screen.getByRole('button', { name: 'Change the dates of EID10' }));
    const form = screen.getByRole('form', { name: 'Dates of EID10' });
    expect(within(form).getByLabelText('Start date')).toHaveValue('2026-11-01');
    expect(within(form).getByLabelText('End date')).toHaveValue('2026-11-30');
    fireEvent.change(within(form).getByLabelText('End date'), { target: { value: '2026-10-31' } });
    await user.click(within(form).getByRole('button', { name: 'Save dates' }));

    expect(within(form).getByLabelText('End date')).toHaveAccessibleDescription('The end date cannot be before the start date.');
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText('End date'), { target: { value: '2026-12-31' } });
    await user.click(within(form).getByRole('button', { name: 'Save dates' }));

    expect(await screen.findByText('✅ EID10 now runs 2026-11-01 to 2026-12-31')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', path: '/api/coupons/dates/1', body: { startDate: '2026-11-01', endDate: '2026-12-31' } }]);
  });
});

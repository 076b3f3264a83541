import * as z from 'zod/mini';

import type { CouponBody } from '@/api/generated';

/** The coupon form as the owner fills it in (text, as typed). */
export interface CouponFields {
  code: string;
  discountPercent: string;
  amount: string;
  startDate: string;
  endDate: string;
  minPrice: string;
  /** The most uses in all; empty for no limit. */
  maxUses: string;
  /** The most uses by one customer; empty for no limit. */
  maxUsesPerCustomer: string;
  isActive: boolean;
}

/** How many days after its start a new coupon ends unless the owner says otherwise. */
export const COUPON_DEFAULT_DAYS = 30;

/** The calendar date `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * A blank form: minPrice defaults to 0, a new coupon is active (docs/spec.md §3 'Coupon') and runs from today
 * to 30 days ahead (a promo posted today must not die at midnight).
 */
export function emptyCouponFields(today: string): CouponFields {
  return {
    code: '',
    discountPercent: '',
    amount: '',
    startDate: today,
    endDate: addDays(today, COUPON_DEFAULT_DAYS),
    minPrice: '0',
    maxUses: '',
    maxUsesPerCustomer: '',
    isActive: true,
  };
}

/** docs/spec.md §5 'Coupon (admin)': a coupon is a percent or an amount, so entering one clears the other. */
export function updateCouponFields<K extends keyof CouponFields>(
  fields: CouponFields,
  changed: K,
  value: CouponFields[K],
): CouponFields {
  const next = { ...fields, [changed]: value };
  if (changed === 'discountPercent' && value !== '') next.amount = '';
  if (changed === 'amount' && value !== '') next.discountPercent = '';
  return next;
}

const positiveNumber = z.pipe(
  z.string().check(z.trim(), z.minLength(1)),
  z.pipe(z.transform(Number), z.number().check(z.positive())),
);

/** A usage limit as typed: empty for none, else the number (the server checks it is a whole 1 to 1,000,000). */
function limitOf(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/**
 * The body of POST /api/coupons, or null when the code is empty or there is neither a positive percent nor a
 * positive amount ('⚠️ Please enter a code and a valid discount.'). The server checks dates and ranges.
 */
export function toCouponBody(fields: CouponFields): CouponBody | null {
  const code = fields.code.trim();
  const percent = positiveNumber.safeParse(fields.discountPercent);
  const amount = positiveNumber.safeParse(fields.amount);
  if (code === '' || (!percent.success && !amount.success)) return null;
  const minPrice = Number(fields.minPrice.trim() === '' ? '0' : fields.minPrice);
  return {
    code,
    discountPercent: percent.success ? percent.data : null,
    amount: percent.success ? null : amount.success ? amount.data : null,
    startDate: fields.startDate,
    endDate: fields.endDate,
    minPrice: Number.isFinite(minPrice) ? minPrice : 0,
    maxUses: limitOf(fields.maxUses),
    maxUsesPerCustomer: limitOf(fields.maxUsesPerCustomer),
    isActive: fields.isActive,
  };
}

/** Today's date in Pakistan (UTC+5, no daylight saving) as `YYYY-MM-DD`, for the date fields' defaults. */
export function todayInPakistan(now: Date = new Date()): string {
  return new Date(now.getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The owner's dates for a coupon, or the words of what is wrong with them (the server checks them again). */
export function couponDatesProblem(startDate: string, endDate: string): string | null {
  const shaped = /^\d{4}-\d{2}-\d{2}$/;
  if (!shaped.test(startDate) || !shaped.test(endDate)) return 'Enter the start and end dates as YYYY-MM-DD.';
  if (endDate < startDate) return 'The end date cannot be before the start date.';
  return null;
}

import { describe, expect, it } from 'vitest';

import { makeOrder } from '@/testing/fixtures';

import { bookingSheetHref, importProblems, isBookable, replyOutcome, selectedText } from './courier';

describe('importProblems', () => {
  it('lists each problem with its row, rows in the order of the file', () => {
    expect(
      importProblems({
        'row 12': ['Order #12 appears twice in the file.'],
        'row 3': ['Order #999 does not exist.'],
        'row 4': ['Order #12 is not approved.', 'Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out).'],
      }),
    ).toEqual([
      'Row 3: Order #999 does not exist.',
      'Row 4: Order #12 is not approved.',
      'Row 4: Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out).',
      'Row 12: Order #12 appears twice in the file.',
    ]);
  });

  it('puts a problem of the whole file first, as it is', () => {
    expect(importProblems({ 'row 2': ['Row 2 has 2 cells; expected 3.'], file: ['The file has no rows.'] })).toEqual([
      'The file has no rows.',
      'Row 2: Row 2 has 2 cells; expected 3.',
    ]);
  });

  it('lists nothing when the only problem is the message itself', () => {
    const header = 'The first row must be: order reference, courier, tracking number.';
    expect(importProblems({ 'row 1': [header] }, header)).toEqual([]);
    expect(importProblems({ file: ['The file is not a readable CSV file.'] }, 'The file is not a readable CSV file.')).toEqual([]);
    expect(importProblems({ 'row 3': ['Order #999 does not exist.'] }, 'The file has 1 problem; nothing was saved.')).toEqual([
      'Row 3: Order #999 does not exist.',
    ]);
  });

  it('lists nothing without errors', () => {
    expect(importProblems(undefined)).toEqual([]);
    expect(importProblems(null)).toEqual([]);
    expect(importProblems({})).toEqual([]);
  });
});

describe('selection', () => {
  it('counts the orders selected in words', () => {
    expect([0, 1, 2].map(selectedText)).toEqual(['No orders selected', '1 order selected', '2 orders selected']);
  });

  it('books approved orders that have a city only', () => {
    const noCity = { ...makeOrder().userDetails, city: null };
    expect(isBookable(makeOrder({ status: 'approved' }))).toBe(true);
    expect(isBookable(makeOrder({ status: 'approved', userDetails: noCity }))).toBe(false);
    expect(isBookable(makeOrder({ status: 'pending' }))).toBe(false);
    expect(isBookable(makeOrder({ status: 'dispatched' }))).toBe(false);
  });

  it('links the booking sheet of the selection, in its order', () => {
    expect(bookingSheetHref(['15', '12'], 'csv')).toBe(`${window.location.origin}/api/orders/courier-booking.csv?ids=15,12`);
    expect(bookingSheetHref(['15', '12'], 'xlsx')).toBe(`${window.location.origin}/api/orders/courier-booking.xlsx?ids=15,12`);
  });
});

describe('replyOutcome', () => {
  it("shows the server's message, green when done and red when refused", () => {
    expect(replyOutcome({ kind: 'done', data: { message: 'Dispatched 2 orders.' } }, 'Failed')).toEqual({ tone: 'success', message: 'Dispatched 2 orders.' });
    expect(replyOutcome({ kind: 'refused', status: 409, message: 'Order #15 has no tracking number.' }, 'Failed')).toEqual({
      tone: 'error',
      message: 'Order #15 has no tracking number.',
    });
  });

  it('falls back to its own words when the server gave none or could not be reached', () => {
    expect(replyOutcome({ kind: 'refused', status: 500, message: undefined }, 'Failed')).toEqual({ tone: 'error', message: 'Failed' });
    expect(replyOutcome({ kind: 'unreachable' }, 'Failed')).toEqual({ tone: 'error', message: 'Network error. Please try again.' });
  });
});

import { describe, expect, it } from 'vitest';

import type { Breakdown } from '@/api/generated';

import {
  analyticsCsv,
  analyticsFileName,
  analyticsTable,
  periodProblem,
  deliveryRateText,
  formatDay,
  type AnalyticsReport,
} from './analytics';
import { toCsv } from './csv';

const weekly: AnalyticsReport = {
  by: 'week',
  from: '2026-11-01',
  to: '2026-11-30',
  rows: [
    { key: '2026-10-27', label: 'Week of 27 Oct 2026', placed: 5, delivered: 2, returned: 1, rejected: 1, deliveryRate: 66.7, cashCollected: 3420 },
    { key: '2026-11-03', label: 'Week of 3 Nov 2026', placed: 0, delivered: 0, returned: 0, rejected: 0, deliveryRate: null, cashCollected: 0 },
  ],
  totals: { placed: 9, delivered: 4, returned: 1, rejected: 2, deliveryRate: 80, cashCollected: 7010 },
};

describe('toCsv', () => {
  it('joins cells with commas and ends every row with CRLF', () => {
    expect(toCsv([['a', 'b'], ['1', '2']])).toBe('a,b\r\n1,2\r\n');
  });

  it('quotes cells holding a comma, a quote or a line break, doubling their quotes', () => {
    expect(toCsv([['House 12, Street 4', 'The "Pro" Case', 'two\nlines', 'cr\r', 'plain']])).toBe(
      '"House 12, Street 4","The ""Pro"" Case","two\nlines","cr\r",plain\r\n',
    );
  });

  it('puts a quote mark before a cell a spreadsheet would run as a formula', () => {
    expect(toCsv([['=1+2', '+92', '-5', '@SUM(A1)', 'a=b']])).toBe("'=1+2,'+92,'-5,'@SUM(A1),a=b\r\n");
    expect(toCsv([['=HYPERLINK("x","y")']])).toBe('"\'=HYPERLINK(""x"",""y"")"\r\n');
  });

  it('writes empty cells and no rows as they are', () => {
    expect(toCsv([['', 'x', '']])).toBe(',x,\r\n');
    expect(toCsv([])).toBe('');
  });
});

describe('analyticsTable and analyticsCsv', () => {
  it('shows the first column by the choice, the figures, n/a for no rate and a Total row', () => {
    const table = analyticsTable(weekly);

    expect(table).toEqual({
      header: ['Week', 'Placed', 'Delivered', 'Returned', 'Rejected', 'Delivery rate (%)', 'Cash collected (Rs)'],
      rows: [
        { key: '2026-10-27', cells: ['Week of 27 Oct 2026', '5', '2', '1', '1', '66.7', '3420'] },
        { key: '2026-11-03', cells: ['Week of 3 Nov 2026', '0', '0', '0', '0', 'n/a', '0'] },
      ],
      totals: ['Total', '9', '4', '1', '2', '80.0', '7010'],
    });
  });

  it('exports exactly the cells shown', () => {
    expect(analyticsCsv(analyticsTable(weekly))).toBe(
      'Week,Placed,Delivered,Returned,Rejected,Delivery rate (%),Cash collected (Rs)\r\n' +
        'Week of 27 Oct 2026,5,2,1,1,66.7,3420\r\n' +
        'Week of 3 Nov 2026,0,0,0,0,n/a,0\r\n' +
        'Total,9,4,1,2,80.0,7010\r\n',
    );
  });

  it('quotes a product or city label with a comma or quotes', () => {
    const report: AnalyticsReport = {
      by: 'product',
      from: '2026-11-01',
      to: '2026-11-30',
      rows: [{ key: '12', label: 'Case, "Clear"', placed: 1, delivered: 1, returned: 0, rejected: 0, deliveryRate: 100, cashCollected: 850 }],
      totals: { placed: 1, delivered: 1, returned: 0, rejected: 0, deliveryRate: 100, cashCollected: 1100 },
    };

    expect(analyticsCsv(analyticsTable(report))).toBe(
      'Product,Placed,Delivered,Returned,Rejected,Delivery rate (%),Cash collected (Rs)\r\n' +
        '"Case, ""Clear""",1,1,0,0,100.0,850\r\n' +
        'Total,1,1,0,0,100.0,1100\r\n',
    );
  });

  it.each<[Breakdown, string]>([
    ['city', 'City'],
    ['coupon', 'Coupon'],
  ])('titles the first column of the %s table %s', (by, column) => {
    expect(analyticsTable({ ...weekly, by, rows: [] }).header[0]).toBe(column);
  });

  it('names the file by the choice and the period', () => {
    expect(analyticsFileName(weekly)).toBe('orders-by-week-2026-11-01-to-2026-11-30.csv');
  });
});

describe('deliveryRateText', () => {
  it.each([
    [66.7, '66.7'],
    [80, '80.0'],
    [0, '0.0'],
    [100, '100.0'],
    [null, 'n/a'],
    [undefined, 'n/a'],
  ])('shows %s as %s', (rate, text) => {
    expect(deliveryRateText(rate)).toBe(text);
  });
});

describe('periodProblem', () => {
  it('accepts a period of up to 366 days, start and end included', () => {
    expect(periodProblem('2026-11-01', '2026-11-01')).toBeNull();
    expect(periodProblem('2025-11-01', '2026-11-02')).toBeNull();
  });

  it("refuses in the server's words a start after the end or a longer period", () => {
    expect(periodProblem('2026-11-02', '2026-11-01')).toBe('The start date must not be after the end date.');
    expect(periodProblem('2025-11-01', '2026-11-03')).toBe('Choose a period of at most 366 days.');
  });

  it('asks for both dates while one is empty', () => {
    expect(periodProblem('', '2026-11-01')).toBe('Choose both dates.');
    expect(periodProblem('2026-11-01', '')).toBe('Choose both dates.');
  });
});

describe('formatDay', () => {
  it('writes a date as 1 Nov 2026', () => {
    expect(formatDay('2026-11-01')).toBe('1 Nov 2026');
    expect(formatDay('2026-09-30')).toBe('30 Sep 2026');
    expect(formatDay('')).toBe('');
  });
});

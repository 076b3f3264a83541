import { describe, expect, it } from 'vitest';

import roundingTable from '../../../domain/tests/fixtures/rounding-cases.json';

import { formatRupees, toWholeRupees } from './money';

describe('formatRupees', () => {
  it('shows whole rupees after "Rs "', () => {
    expect(formatRupees(1299)).toBe('Rs 1,299');
    expect(formatRupees(0)).toBe('Rs 0');
  });

  it('rounds to whole rupees without decimals, thousands grouped by commas', () => {
    expect(formatRupees(2998.5)).toBe('Rs 2,999');
    expect(formatRupees(2999.49)).toBe('Rs 2,999');
    expect(formatRupees(125000)).toBe('Rs 125,000');
    expect(formatRupees(1000000)).toBe('Rs 1,000,000');
    expect(formatRupees(999)).toBe('Rs 999');
    expect(formatRupees(-3299)).toBe('- Rs 3,299');
  });
});

describe('formatRupees with a negative amount', () => {
  it('puts the minus before the currency, as the coupon line shows it', () => {
    expect(formatRupees(-200)).toBe('- Rs 200');
  });
});

describe('the shared rounding case table', () => {
  it.each(roundingTable.cases.map((c) => [c.paisa, c.whole] as const))('%i paisa is Rs %i', (paisa, whole) => {
    expect(toWholeRupees(paisa)).toBe(whole);
  });
});

describe('formatRupees with a negative half', () => {
  it('rounds away from zero, as the server does', () => {
    expect(formatRupees(-10.5)).toBe('- Rs 11');
    expect(formatRupees(-10.49)).toBe('- Rs 10');
    expect(formatRupees(-0.4)).toBe('Rs 0');
  });
});

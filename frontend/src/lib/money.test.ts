import { describe, expect, it } from 'vitest';

import { formatRupees } from './money';

describe('formatRupees', () => {
  it('shows whole rupees after "Rs "', () => {
    expect(formatRupees(1299)).toBe('Rs 1299');
    expect(formatRupees(0)).toBe('Rs 0');
  });

  it('rounds to whole rupees without decimals or separators', () => {
    expect(formatRupees(2998.5)).toBe('Rs 2999');
    expect(formatRupees(2999.49)).toBe('Rs 2999');
    expect(formatRupees(125000)).toBe('Rs 125000');
  });
});

describe('formatRupees with a negative amount', () => {
  it('puts the minus before the currency, as the coupon line shows it', () => {
    expect(formatRupees(-200)).toBe('- Rs 200');
  });
});

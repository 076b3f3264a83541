import { describe, expect, it } from 'vitest';

import { parseDeliveryCharge } from './delivery-charge-input';

describe('parseDeliveryCharge', () => {
  it.each([
    ['300', 300],
    ['0', 0],
    [' 250 ', 250],
    ['99.5', 99.5],
  ])('accepts %j', (input, expected) => {
    expect(parseDeliveryCharge(input)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '-1', '-0.5', '12abc', 'Infinity', 'NaN'])('refuses %j', (input) => {
    expect(parseDeliveryCharge(input)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { lineFigures } from './summary-figures';

describe('lineFigures', () => {
  it('shows lines that add up to the subtotal rounded once', () => {
    // Two lines of Rs 649.50: a subtotal of Rs 1,299.
    expect(lineFigures([64950, 64950])).toEqual([650, 649]);
    // Rs 1,999 and 2 × Rs 849.15 = Rs 1,698.30: a subtotal of Rs 3,697.
    expect(lineFigures([199900, 169830])).toEqual([1999, 1698]);
    expect(lineFigures([])).toEqual([]);
  });

  it('gives the rupee left to the largest remainder', () => {
    // 110.40 + 220.60 + 330.30 = 661.30: floors 660, one rupee to the 0.60.
    expect(lineFigures([11040, 22060, 33030])).toEqual([110, 221, 330]);
  });
});

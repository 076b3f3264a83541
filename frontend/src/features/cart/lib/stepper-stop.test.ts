import { describe, expect, it } from 'vitest';

import { stepperStop } from './stepper-stop';

describe('stepperStop', () => {
  it('says the stock is all there is once the cart holds it', () => {
    expect(stepperStop(2, 2, 10)).toBe('Only 2 in stock');
    expect(stepperStop(1, 2, 10)).toBeNull();
  });

  it('names the per-order limit when that comes before the stock', () => {
    expect(stepperStop(3, 50, 3)).toBe('You can order at most 3 of one item. Please contact us for larger orders.');
    expect(stepperStop(3, 3, 3)).toBe('Only 3 in stock');
  });
});

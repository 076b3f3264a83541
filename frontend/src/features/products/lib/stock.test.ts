import { describe, expect, it } from 'vitest';

import { stockMessage } from './stock';

describe('stockMessage (product page)', () => {
  it.each([
    [1, 'Only 1 left!'],
    [2, 'Only 2 left!'],
    [3, 'Only 3 left!'],
    [4, 'In Stock'],
    [18, 'In Stock'],
    [0, 'Out of stock'],
    [-1, 'Out of stock'],
  ])('%i available reads %s', (available, text) => {
    expect(stockMessage(available).text).toBe(text);
  });
});

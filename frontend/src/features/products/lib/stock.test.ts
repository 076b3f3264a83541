import { describe, expect, it } from 'vitest';

import table from '../../../../../domain/tests/fixtures/stock-cases.json';

import { cardStockMessage } from './card-stock';
import { stockMessage } from './stock';

/** One case of the table the Rust domain tests read too. */
interface StockCase {
  available: number;
  card: string | null;
  page: { text: string; level: string };
}

const cases: readonly StockCase[] = table.cases;

describe('the shared stock case table', () => {
  it.each(cases.map((c) => [c.available, c] as const))('%i available', (_available, c) => {
    expect(cardStockMessage(c.available)).toBe(c.card);
    expect(stockMessage(c.available)).toEqual(c.page);
  });

  it('covers the card and the page disagreeing at exactly 3', () => {
    const three = cases.find((c) => c.available === 3);
    expect(three).toEqual({ available: 3, card: null, page: { text: 'Only 3 left!', level: 'low' } });
  });
});

describe('stockMessage with the shopper’s own cart', () => {
  it('says every unit left is in the cart rather than out of stock', () => {
    expect(stockMessage(0, 2)).toEqual({ text: 'All 2 in your cart', level: 'low' });
    expect(stockMessage(0, 0)).toEqual({ text: 'Out of Stock', level: 'out' });
    expect(stockMessage(1, 1)).toEqual({ text: 'Only 1 left!', level: 'low' });
  });
});

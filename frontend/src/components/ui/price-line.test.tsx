import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';

import { PriceLine } from './price-line';

/** The markup `<p>{line}</p>` holds. */
function markup(line: ReactElement): string {
  return render(<p>{line}</p>).container.querySelector('p')?.innerHTML ?? '';
}

describe('PriceLine', () => {
  // The server's product page draws these bytes for the first paint (adapters-http/src/pages/product.rs).
  it('a marked-down price: the price, a space, then the list price struck through, each named', () => {
    expect(markup(<PriceLine price={2000} finalPrice={1500} />)).toBe(
      '<span class="visually-hidden">Price: </span><strong>Rs 1,500</strong> <span class="visually-hidden">Original price: </span><s>Rs 2,000</s>',
    );
  });

  it('a full price: the price alone', () => {
    expect(markup(<PriceLine price={3500} finalPrice={3500} />)).toBe('<span class="visually-hidden">Price: </span><strong>Rs 3,500</strong>');
  });

  it("names the price as the place asks, e.g. the cart's unit price", () => {
    expect(markup(<PriceLine price={999} finalPrice={849} label="Unit price: " />)).toBe(
      '<span class="visually-hidden">Unit price: </span><strong>Rs 849</strong> <span class="visually-hidden">Original price: </span><s>Rs 999</s>',
    );
  });
});

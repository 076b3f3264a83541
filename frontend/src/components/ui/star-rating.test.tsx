import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import table from '../../../../domain/tests/fixtures/product-page-cases.json';

import { CompactStars, halfSteps } from './compact-stars';
import { starFills } from './star-rating';

/** One case of the table the server's tests read too (adapters-http, pages::product::star_fills). */
interface StarCase {
  rating: number;
  halfSteps: number;
  fills: string[];
}

const cases: readonly StarCase[] = table.starSteps;

describe('star steps, the shared cases', () => {
  it.each(cases.map((c) => [c.rating, c.halfSteps, c] as const))(
    '%d rounds to the nearest half star, %d',
    (rating, steps, c) => {
      expect(halfSteps(rating)).toBe(steps);
      expect(starFills(rating)).toEqual(c.fills);
    },
  );

  it("draws the cards' stars by CSS with the lit share in half steps, and the average with one decimal", () => {
    render(<CompactStars rating={4.3} />);
    const stars = screen.getByRole('img', { name: 'Rated 4.3 out of 5' });
    expect(stars.style.getPropertyValue('--stars')).toBe('4.5');
    expect(stars).toHaveTextContent('4.3');
  });
});

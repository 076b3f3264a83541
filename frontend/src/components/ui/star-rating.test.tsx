import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CompactStars, halfSteps } from './compact-stars';
import { starFills } from './star-rating';

describe('star steps', () => {
  it.each([
    [4.3, 4.5, ['full', 'full', 'full', 'full', 'half']],
    [4.2, 4, ['full', 'full', 'full', 'full', 'empty']],
    [4.25, 4.5, ['full', 'full', 'full', 'full', 'half']],
    [4.75, 5, ['full', 'full', 'full', 'full', 'full']],
    [1, 1, ['full', 'empty', 'empty', 'empty', 'empty']],
    [2.6, 2.5, ['full', 'full', 'half', 'empty', 'empty']],
    [0, 0, ['empty', 'empty', 'empty', 'empty', 'empty']],
    [7, 5, ['full', 'full', 'full', 'full', 'full']],
  ])('%d rounds to the nearest half star, %d: %j', (rating, steps, fills) => {
    expect(halfSteps(rating)).toBe(steps);
    expect(starFills(rating)).toEqual(fills);
  });

  it("draws the cards' stars by CSS with the lit share in half steps, and the average with one decimal", () => {
    render(<CompactStars rating={4.3} />);
    const stars = screen.getByRole('img', { name: 'Rated 4.3 out of 5' });
    expect(stars.style.getPropertyValue('--stars')).toBe('4.5');
    expect(stars).toHaveTextContent('4.3');
  });
});

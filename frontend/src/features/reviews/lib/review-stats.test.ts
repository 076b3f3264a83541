import { describe, expect, it } from 'vitest';

import { reviewerName, spreadRows } from './review-stats';

describe('review stats', () => {
  it("names a review without a reviewer name 'Anonymous'", () => {
    expect(reviewerName({ reviewerName: '  ' })).toBe('Anonymous');
    expect(reviewerName({ reviewerName: ' Ali ' })).toBe('Ali');
  });

  it('lists the spread from 5 stars down to 1 with each share in whole percent', () => {
    expect(spreadRows({ '5': 2, '4': 1, '3': 0, '2': 0, '1': 0 })).toEqual([
      { stars: 5, count: 2, percent: 67 },
      { stars: 4, count: 1, percent: 33 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
    expect(spreadRows({ '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 }).map((row) => row.percent)).toEqual([0, 0, 0, 0, 0]);
  });
});

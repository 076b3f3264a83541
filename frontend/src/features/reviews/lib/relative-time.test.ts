import { describe, expect, it } from 'vitest';

import { timeAgo } from './relative-time';

const now = new Date('2025-06-15T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('timeAgo', () => {
  it.each([
    [30, '30 seconds ago'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [2 * 60 * 60, '2 hours ago'],
    [24 * 60 * 60, '1 day ago'],
    [3 * 24 * 60 * 60, '3 days ago'],
    [14 * 24 * 60 * 60, '2 weeks ago'],
    [65 * 24 * 60 * 60, '2 months ago'],
    [400 * 24 * 60 * 60, '1 year ago'],
  ])('%i seconds before reads %s', (seconds, text) => {
    expect(timeAgo(before(seconds), now)).toBe(text);
  });

  it('reads a future moment as just past, and an unreadable date as nothing', () => {
    expect(timeAgo(new Date(now.getTime() + 5000), now)).toBe('1 second ago');
    expect(timeAgo(new Date('not a date'), now)).toBe('');
  });
});

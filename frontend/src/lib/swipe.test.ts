import { describe, expect, it } from 'vitest';

import { swipeDirection } from './swipe';

describe('swipeDirection', () => {
  it('needs more than 50 px sideways', () => {
    expect(swipeDirection(-50, 0)).toBeNull();
    expect(swipeDirection(50, 0)).toBeNull();
    expect(swipeDirection(-51, 0)).toBe('next');
    expect(swipeDirection(51, 0)).toBe('previous');
  });

  it('ignores a movement that is mostly vertical, but reports a downward pull', () => {
    expect(swipeDirection(-60, 80)).toBe('down');
    expect(swipeDirection(-60, -80)).toBeNull();
    expect(swipeDirection(0, 40)).toBeNull();
  });

  it('runs the other way right to left: a rightward swipe is next, a downward pull still down', () => {
    expect(swipeDirection(51, 0, true)).toBe('next');
    expect(swipeDirection(-51, 0, true)).toBe('previous');
    expect(swipeDirection(50, 0, true)).toBeNull();
    expect(swipeDirection(60, 80, true)).toBe('down');
  });
});

/** A horizontal swipe must travel more than this to change the picture (docs/spec.md §9). */
export const SWIPE_THRESHOLD_PX = 50;

export type SwipeDirection = 'next' | 'previous' | 'down' | null;

/**
 * What a finger's movement means: `next` for a leftward swipe longer than the threshold, `previous` for a
 * rightward one, `down` for a downward pull longer than the threshold, nothing for the rest (short moves,
 * upward scrolls). Right to left (`rtl`, Urdu pages) the sequence runs the other way: the next item comes
 * in from the left, so a rightward swipe is `next`.
 */
export function swipeDirection(deltaX: number, deltaY: number, rtl = false): SwipeDirection {
  if (Math.abs(deltaX) > Math.abs(deltaY)) {
    if (Math.abs(deltaX) <= SWIPE_THRESHOLD_PX) return null;
    return deltaX < 0 !== rtl ? 'next' : 'previous';
  }
  return deltaY > SWIPE_THRESHOLD_PX ? 'down' : null;
}

/** Where the shopper left each history entry, by its location key. */
const positions = new Map<string, number>();
/** The key of the entry shown, whose position the scroll listener keeps (react-router keeps it in `history.state`). */
let shown = (history.state as { key?: string } | null)?.key ?? 'default';
/** Frames a restore keeps trying while the page it returns to is still drawing (about 2 s). */
const RESTORE_FRAMES = 120;

// The browser's own restoration restores before the app has drawn the page.
history.scrollRestoration = 'manual';
const keep = () => {
  positions.set(shown, scrollY);
};
addEventListener('scroll', keep);
// Back or forward right after a scroll may come before that scroll's event: the page left is still drawn here.
addEventListener('popstate', keep);

/**
 * After a navigation to the entry `key` (docs/decisions/0034): a push or replace opens the page at its top,
 * back or forward ('POP') returns to where the shopper left it; an address with a fragment is the browser's.
 * Answers how to stop a restore still under way.
 */
export function keepScroll(key: string, hash: string, type: string): (() => void) | undefined {
  shown = key;
  if (hash) return;
  if (type !== 'POP') {
    scrollTo(0, 0);
    return;
  }
  const target = positions.get(key);
  if (target === undefined) return;
  let frame = 0;
  let tries = 0;
  const restore = () => {
    scrollTo(0, target);
    if (Math.abs(scrollY - target) > 1 && ++tries < RESTORE_FRAMES) frame = requestAnimationFrame(restore);
  };
  restore();
  return () => {
    cancelAnimationFrame(frame);
  };
}

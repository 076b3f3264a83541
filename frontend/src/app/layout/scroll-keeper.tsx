import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the shopper left each history entry, by its location key. */
const positions = new Map<string, number>();
/** The key of the entry shown, whose position the scroll listener keeps. */
let shown = '';
/** Frames a restore keeps trying while the page it returns to is still drawing (about 2 s). */
const RESTORE_FRAMES = 120;

/**
 * Every page opens at its top; back and forward return to where the shopper was (docs/decisions/0034). The
 * browser's own restoration is off (`history.scrollRestoration`), as it restores before the app has drawn the
 * page. Addresses with a fragment (`#reviews`) are left to the browser.
 */
export function ScrollKeeper() {
  const { key, hash } = useLocation();
  // 'POP' for back, forward and the first render; 'PUSH' or 'REPLACE' for the app's own navigations.
  const type: string = useNavigationType();

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const keep = () => {
      positions.set(shown, scrollY);
    };
    addEventListener('scroll', keep);
    return () => {
      removeEventListener('scroll', keep);
    };
  }, []);

  useLayoutEffect(() => {
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
  }, [key, hash, type]);

  return null;
}

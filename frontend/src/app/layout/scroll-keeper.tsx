import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

let keepScroll: typeof import('./scroll-keeping').keepScroll | undefined;

/**
 * The scroll keeping's module, loaded once the app has started (`main.tsx`): the home page's first load goes
 * without it, and the first render needs nothing of it.
 */
export async function loadScrollKeeping(): Promise<void> {
  keepScroll = (await import('./scroll-keeping')).keepScroll;
}

/**
 * Every page opens at its top; back and forward return to where the shopper was (docs/decisions/0034,
 * `scroll-keeping.ts`). Addresses with a fragment (`#reviews`) are left to the browser.
 */
export function ScrollKeeper() {
  const { key, hash } = useLocation();
  // 'POP' for back, forward and the first render; 'PUSH' or 'REPLACE' for the app's own navigations.
  const type: string = useNavigationType();
  useLayoutEffect(() => keepScroll?.(key, hash, type), [key, hash, type]);
  return null;
}

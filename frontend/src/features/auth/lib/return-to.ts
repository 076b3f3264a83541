import * as z from 'zod/mini';

import { paths } from '@/config/paths';

/** What the login guard leaves in the router state when it sends a shopper to log in. */
export interface ReturnState {
  from: string;
}

const returnState = z.object({ from: z.string() });

// Pages that make no sense to come back to after logging in.
const accountPages = new Set<string>([
  paths.login.getHref(),
  paths.signup.getHref(),
  paths.forgotPassword.getHref(),
  paths.resetPassword.getHref(),
]);

/**
 * Where to go after logging in or signing up: the page the shopper was trying to reach, if the router state
 * names one on this site (a path starting with a single '/', not an account page), else home.
 */
export function returnPathFrom(state: unknown): string {
  const fallback = paths.home.getHref();
  const parsed = returnState.safeParse(state);
  if (!parsed.success) return fallback;
  const { from } = parsed.data;
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  const sameSite = pathname.startsWith('/') && !pathname.startsWith('//') && !from.includes('\\');
  if (!sameSite || accountPages.has(pathname) || hasControlCharacter(from)) return fallback;
  return from;
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

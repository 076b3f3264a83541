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
 * (or else the address's `?next=`, which a link written out in full carries) names one on this site (a path
 * starting with a single '/', not an account page), else home.
 */
export function returnPathFrom(state: unknown, search = ''): string {
  const fallback = paths.home.getHref();
  const parsed = returnState.safeParse(state);
  const from = parsed.success ? parsed.data.from : new URLSearchParams(search).get('next');
  if (from === null) return fallback;
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

/** Whether the shopper was sent to log in on the way to placing an order (the return path is /checkout). */
export function comingFromCheckout(state: unknown, search = ''): boolean {
  return returnPathFrom(state, search).split(/[?#]/, 1)[0] === paths.checkout.getHref();
}

/**
 * The address of the login page for a shopper whose e-mail is already registered: the e-mail filled in and
 * the page to return to afterwards, both in the address (`/login?email=...&next=/checkout`).
 */
export function loginHrefFor(email: string, returnPath: string): string {
  const query = new URLSearchParams({ email });
  if (returnPath !== paths.home.getHref()) query.set('next', returnPath);
  return `${paths.login.getHref()}?${query.toString()}`;
}

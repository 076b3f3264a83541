import * as z from 'zod/mini';

import { paths } from '@/config/paths';

/** What the admin guard leaves in the router state when it sends someone to log in. */
export interface AdminReturnState {
  from: string;
}

const returnState = z.object({ from: z.string() });

/**
 * Where to go after logging in: the admin page the owner was trying to reach, if the router state names
 * one (only paths inside /admin, never the login page itself or another site), else the dashboard index.
 */
export function returnPathFrom(state: unknown): string {
  const parsed = returnState.safeParse(state);
  const fallback = paths.admin.root.getHref();
  if (!parsed.success) return fallback;
  const { from } = parsed.data;
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  const insideAdmin = pathname === fallback || pathname.startsWith(`${fallback}/`);
  if (!insideAdmin || pathname === paths.admin.login.getHref() || from.includes('\\')) return fallback;
  return from;
}

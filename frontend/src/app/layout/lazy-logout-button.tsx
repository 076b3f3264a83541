import { lazy } from 'react';

/**
 * The logout button's module. Only a signed-in customer sees the button, so it loads when one is: the home
 * page's first load goes without the logout call, its mutation and the account screens' styles.
 */
export const loadLogoutButton = () => import('@/features/auth/components/logout-button');

/** `LogoutButton`, loaded on first render; the links beside it share its Suspense. */
export const LogoutButton = lazy(async () => ({ default: (await loadLogoutButton()).LogoutButton }));

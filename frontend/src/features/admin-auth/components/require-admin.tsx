import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { useAdminCheck } from '@/lib/admin-session';

import type { AdminReturnState } from '../lib/return-to';

/**
 * Shows `children` only to the signed-in admin (docs/spec.md §2): 'Checking login...' while GET /api/admin/check
 * is out, and a redirect to /admin/login, remembering the page asked for, when the answer is not ok.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const check = useAdminCheck();

  if (check.isSuccess && check.data.ok) return children;

  if (check.isPending || check.isFetching) {
    return (
      <main id="main" className="site-main">
        <title>Checking login...</title>
        <p className="status-text" role="status">
          Checking login...
        </p>
      </main>
    );
  }

  const state: AdminReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to={paths.admin.login.getHref()} replace state={state} />;
}

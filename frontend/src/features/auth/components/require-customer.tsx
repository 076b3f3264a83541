import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import accountTexts from '@/i18n/en/account.json';
import { useMessages } from '@/lib/i18n';

import { useCurrentUser } from '../api/current-user';
import { authMessages } from '../lib/messages';
import type { ReturnState } from '../lib/return-to';

/**
 * Shows `children` only to a signed-in customer (docs/spec.md §2): 'Loading...' while GET /api/auth/me is out,
 * and a redirect to /login, remembering the page asked for, when nobody is signed in. When the check itself
 * fails, the shopper can try again rather than being sent to log in for no reason.
 */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const location = useLocation();
  const t = useMessages(accountTexts, 'account');
  const user = useCurrentUser();

  if (user.data?.uid) return children;

  if (user.isPending || user.isFetching) {
    return (
      <p className="status-text" role="status">
        {t.loading()}
      </p>
    );
  }

  if (user.isError) {
    return (
      <div className="page auth-check-failed">
        <p role="alert">{authMessages.checkFailed}</p>
        <button type="button" className="button" onClick={() => void user.refetch()}>
          {t.tryAgain()}
        </button>
      </div>
    );
  }

  const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to={paths.login.getHref()} replace state={state} />;
}

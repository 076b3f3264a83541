import { useState } from 'react';

import logoutTexts from '@/i18n/en/logout.json';
import { useMessages } from '@/lib/i18n';

import { useLogoutMutation } from '../api/logout';

import '../auth.css';

interface LogoutButtonProps {
  className?: string;
  /** Called once the server has ended the session and the user is cleared. */
  onLoggedOut: () => void;
}

/**
 * Ends the customer's session. When the server cannot be reached the cookie may still be set, so the
 * shopper is told and stays signed in rather than being shown the shop as if signed out.
 */
export function LogoutButton({ className, onLoggedOut }: LogoutButtonProps) {
  const t = useMessages(logoutTexts, 'logout');
  const logout = useLogoutMutation();
  const [failed, setFailed] = useState(false);

  async function handleClick() {
    setFailed(false);
    const ended = await logout.mutateAsync();
    if (ended) onLoggedOut();
    else setFailed(true);
  }

  return (
    <>
      <button type="button" className={className} onClick={() => void handleClick()} disabled={logout.isPending}>
        {t.logout()}
      </button>
      {failed && (
        <span className="auth-logout-error" role="alert">
          {t.logoutFailed()}
        </span>
      )}
    </>
  );
}

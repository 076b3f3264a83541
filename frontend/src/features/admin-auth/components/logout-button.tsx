import { useState } from 'react';

import { useAdminLogoutMutation } from '../api/admin-login';
import { adminAuthMessages } from '../lib/messages';

interface LogoutButtonProps {
  /** Called once the server has ended the session and cleared the cookie. */
  onLoggedOut: () => void;
}

/**
 * Ends the admin session. When the server cannot be reached the cookie may still be set, so the owner is
 * told and stays where they are rather than being shown the shop as if signed out.
 */
export function LogoutButton({ onLoggedOut }: LogoutButtonProps) {
  const logout = useAdminLogoutMutation();
  const [failed, setFailed] = useState(false);

  async function handleClick() {
    setFailed(false);
    const ended = await logout.mutateAsync();
    if (ended) onLoggedOut();
    else setFailed(true);
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary admin-bar__logout"
        onClick={() => void handleClick()}
        disabled={logout.isPending}
      >
        Logout
      </button>
      {failed && (
        <p className="admin-message admin-message--error admin-bar__error" role="alert">
          {adminAuthMessages.logoutFailed}
        </p>
      )}
    </>
  );
}

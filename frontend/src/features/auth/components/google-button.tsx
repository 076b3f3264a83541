import { useState } from 'react';
import { useSearchParams } from 'react-router';

import accountTexts from '@/i18n/en/account.json';
import { useMessages } from '@/lib/i18n';

import { useGoogleLoginMutation, useGoogleSignInOffered, type GoogleSignIn } from '../api/account';
import { authMessages } from '../lib/messages';

import '../auth.css';

interface GoogleButtonProps {
  /** 'Login with Google' or 'Sign Up with Google'. */
  label: string;
  /** Shown when Google cannot be reached, is not configured on this shop, or the sign-in came back failed. */
  failureMessage: string;
  /** The page it is on ('login' or 'signup') and where to go once signed in. */
  signIn: GoogleSignIn;
}

/** What the server's callback reports in `?google=` when it sends the browser back to this page. */
function returnedFailure(reported: string | null, failureMessage: string): string {
  if (reported === 'email-in-use') return `${failureMessage}. ${authMessages.googleEmailInUse}`;
  return reported === null ? '' : failureMessage;
}

/** Sends the shopper to Google through the server (OpenID Connect); says so when that is not possible. */
export function GoogleButton({ label, failureMessage, signIn }: GoogleButtonProps) {
  const google = useGoogleLoginMutation();
  const [searchParams] = useSearchParams();
  const [message, setMessage] = useState(() => returnedFailure(searchParams.get('google'), failureMessage));

  async function handleClick() {
    setMessage('');
    const redirected = await google.mutateAsync(signIn);
    if (!redirected) setMessage(failureMessage);
  }

  return (
    <div className="auth-google">
      <button
        type="button"
        className="button button--secondary auth-google__button"
        onClick={() => void handleClick()}
        disabled={google.isPending}
        aria-busy={google.isPending}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
        </svg>
        {label}
      </button>
      <p className="auth-message auth-message--error" role="alert">
        {message}
      </p>
    </div>
  );
}

/**
 * 'or' and the Google button, only when the shop has Google sign-in configured: a shop without it shows
 * neither, rather than a button that can only say it failed.
 */
export function GoogleSignInOption(props: GoogleButtonProps) {
  const t = useMessages(accountTexts, 'account');
  const offered = useGoogleSignInOffered();
  if (!offered) return null;
  return (
    <>
      <p className="auth-divider">{t.or()}</p>
      <GoogleButton {...props} />
    </>
  );
}

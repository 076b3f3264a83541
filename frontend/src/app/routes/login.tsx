import { loginTitle } from '@/api/rules/pages.gen';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { GoogleSignInOption } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { authMessages } from '@/features/auth/lib/messages';
import { CHECKOUT_REASON, comingFromCheckout, returnPathFrom } from '@/features/auth/lib/return-to';

/**
 * /login: afterwards back to the page the shopper was going to (router state 'from', or `?next=`), else home.
 * A shopper sent here from checkout is told why first, and 'Create an account' is a button as large as
 * 'Login' that leads to sign-up with the same way back.
 */
export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const returnPath = returnPathFrom(location.state, location.search);
  const toCheckout = comingFromCheckout(location.state, location.search);
  const email = new URLSearchParams(location.search).get('email') ?? undefined;
  const onward = { from: returnPath };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{loginTitle}</title>
      {toCheckout && (
        <p className="auth-page__reason" role="status">
          {CHECKOUT_REASON}
        </p>
      )}
      <h1 id="page-title">Welcome Back</h1>
      <p className="auth-page__intro">Log in to place orders and see your orders.</p>
      <LoginForm
        defaultEmail={email}
        onLoggedIn={() => {
          void navigate(returnPath, { replace: true });
        }}
      >
        <Link to={paths.signup.getHref()} state={onward} className="button button--secondary auth-form__submit auth-page__create">
          Create an account
        </Link>
      </LoginForm>
      <GoogleSignInOption label="Login with Google" failureMessage={authMessages.googleLoginFailed}
        signIn={{ intent: 'login', next: returnPath }}
      />
      <ul className="auth-links">
        <li>
          <Link to={paths.forgotPassword.getHref()}>Forgot Password</Link>
        </li>
      </ul>
    </section>
  );
}

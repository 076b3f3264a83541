import { loginTitle } from '@/api/rules/pages.gen';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { GoogleSignInOption } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { authMessages } from '@/features/auth/lib/messages';
import { returnPathFrom } from '@/features/auth/lib/return-to';

/** /login: afterwards back to the page the shopper was going to (router state 'from'), else home. */
export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{loginTitle}</title>
      <h1 id="page-title">Welcome Back</h1>
      <p className="auth-page__intro">Log in to place orders and see your orders.</p>
      <LoginForm
        onLoggedIn={() => {
          void navigate(returnPathFrom(location.state), { replace: true });
        }}
      />
      <GoogleSignInOption label="Login with Google" failureMessage={authMessages.googleLoginFailed}
        signIn={{ intent: 'login', next: returnPathFrom(location.state) }}
      />
      <ul className="auth-links">
        <li>
          <Link to={paths.forgotPassword.getHref()}>Forgot Password</Link>
        </li>
        <li>
          {/* Signing up instead still leads back to the page the shopper was going to. */}
          <Link to={paths.signup.getHref()} state={location.state as unknown}>
            New here? Sign up
          </Link>
        </li>
      </ul>
    </section>
  );
}

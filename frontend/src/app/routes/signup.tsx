import { signupTitle } from '@/api/rules/pages.gen';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { GoogleSignInOption } from '@/features/auth/components/google-button';
import { SignupForm } from '@/features/auth/components/signup-form';
import { authMessages } from '@/features/auth/lib/messages';
import { CHECKOUT_REASON, comingFromCheckout, returnPathFrom } from '@/features/auth/lib/return-to';

/** /signup: afterwards, signed in, back to the page the shopper was going to, else home. */
export default function SignupRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const returnPath = returnPathFrom(location.state, location.search);
  const onward = { from: returnPath };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{signupTitle}</title>
      {comingFromCheckout(location.state, location.search) && (
        <p className="auth-page__reason" role="status">
          {CHECKOUT_REASON}
        </p>
      )}
      <h1 id="page-title">Create Account</h1>
      <p className="auth-page__intro">Sign up to place orders and follow them.</p>
      <SignupForm
        returnPath={returnPath}
        onSignedUp={() => {
          void navigate(returnPath, { replace: true });
        }}
      />
      <GoogleSignInOption label="Sign Up with Google" failureMessage={authMessages.googleSignupFailed}
        signIn={{ intent: 'signup', next: returnPath }}
      />
      <ul className="auth-links">
        <li>
          <Link to={paths.login.getHref()} state={onward}>
            Already have an account? Login
          </Link>
        </li>
      </ul>
    </section>
  );
}

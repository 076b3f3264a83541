import { signupTitle } from '@/api/rules/pages.gen';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { GoogleSignInOption } from '@/features/auth/components/google-button';
import { SignupForm } from '@/features/auth/components/signup-form';
import { authMessages } from '@/features/auth/lib/messages';
import { returnPathFrom } from '@/features/auth/lib/return-to';

/** /signup: afterwards, signed in, back to the page the shopper was going to, else home. */
export default function SignupRoute() {
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{signupTitle}</title>
      <h1 id="page-title">Create Account</h1>
      <p className="auth-page__intro">Sign up to place orders and follow them.</p>
      <SignupForm
        onSignedUp={() => {
          void navigate(returnPathFrom(location.state), { replace: true });
        }}
      />
      <GoogleSignInOption label="Sign Up with Google" failureMessage={authMessages.googleSignupFailed}
        signIn={{ intent: 'signup', next: returnPathFrom(location.state) }}
      />
      <ul className="auth-links">
        <li>
          <Link to={paths.login.getHref()} state={location.state as unknown}>
            Already have an account? Login
          </Link>
        </li>
      </ul>
    </section>
  );
}

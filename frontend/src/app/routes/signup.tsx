import { signupTitle, signupTitleUr } from '@/api/rules/pages.gen';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { GoogleSignInOption } from '@/features/auth/components/google-button';
import { SignupForm } from '@/features/auth/components/signup-form';
import { authMessages } from '@/features/auth/lib/messages';
import accountTexts from '@/i18n/en/account.json';
import { useLanguage, useMessages } from '@/lib/i18n';
import { comingFromCheckout, returnPathFrom } from '@/features/auth/lib/return-to';

/** /signup: afterwards, signed in, back to the page the shopper was going to, else home. */
export default function SignupRoute() {
  const t = useMessages(accountTexts, 'account');
  const location = useLocation();
  const navigate = useNavigate();
  const returnPath = returnPathFrom(location.state, location.search);
  const onward = { from: returnPath };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{useLanguage() === 'ur' ? signupTitleUr : signupTitle}</title>
      {comingFromCheckout(location.state, location.search) && (
        <p className="auth-page__reason" role="status">
          {t.checkoutReason()}
        </p>
      )}
      <h1 id="page-title">{t.createAccount()}</h1>
      <p className="auth-page__intro">{t.signupIntro()}</p>
      <SignupForm
        returnPath={returnPath}
        onSignedUp={() => {
          void navigate(returnPath, { replace: true });
        }}
      />
      <GoogleSignInOption label={t.signupWithGoogle()} failureMessage={authMessages.googleSignupFailed}
        signIn={{ intent: 'signup', next: returnPath }}
      />
      <ul className="auth-links">
        <li>
          <Link to={paths.login.getHref()} state={onward}>
            {t.haveAccount()}
          </Link>
        </li>
      </ul>
    </section>
  );
}

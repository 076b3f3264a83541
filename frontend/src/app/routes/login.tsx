import { loginTitle, loginTitleUr } from '@/api/rules/pages.gen';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { GoogleSignInOption } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { authMessages } from '@/features/auth/lib/messages';
import accountTexts from '@/i18n/en/account.json';
import { useLanguage, useMessages } from '@/lib/i18n';
import { comingFromCheckout, returnPathFrom } from '@/features/auth/lib/return-to';

/**
 * /login: afterwards back to the page the shopper was going to (router state 'from', or `?next=`), else home.
 * A shopper sent here from checkout is told why first, and 'Create an account' is a button as large as
 * 'Login' that leads to sign-up with the same way back.
 */
export default function LoginRoute() {
  const t = useMessages(accountTexts, 'account');
  const location = useLocation();
  const navigate = useNavigate();
  const returnPath = returnPathFrom(location.state, location.search);
  const toCheckout = comingFromCheckout(location.state, location.search);
  const email = new URLSearchParams(location.search).get('email') ?? undefined;
  const onward = { from: returnPath };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{useLanguage() === 'ur' ? loginTitleUr : loginTitle}</title>
      {toCheckout && (
        <p className="auth-page__reason" role="status">
          {t.checkoutReason()}
        </p>
      )}
      <h1 id="page-title">{t.welcomeBack()}</h1>
      <p className="auth-page__intro">{t.loginIntro()}</p>
      <LoginForm
        defaultEmail={email}
        onLoggedIn={() => {
          void navigate(returnPath, { replace: true });
        }}
      >
        <Link to={paths.signup.getHref()} state={onward} className="button button--secondary auth-form__submit auth-page__create">
          {t.createAnAccount()}
        </Link>
      </LoginForm>
      <GoogleSignInOption label={t.loginWithGoogle()} failureMessage={authMessages.googleLoginFailed}
        signIn={{ intent: 'login', next: returnPath }}
      />
      <ul className="auth-links">
        <li>
          <Link to={paths.forgotPassword.getHref()}>{t.forgotPassword()}</Link>
        </li>
      </ul>
    </section>
  );
}

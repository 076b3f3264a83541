import { forgotPasswordTitle, forgotPasswordTitleUr } from '@/api/rules/pages.gen';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import accountTexts from '@/i18n/en/account.json';
import { useLanguage, useMessages } from '@/lib/i18n';

/** /forgot-password: asks for an e-mail with a link to /reset-password. */
export default function ForgotPasswordRoute() {
  const t = useMessages(accountTexts, 'account');
  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{useLanguage() === 'ur' ? forgotPasswordTitleUr : forgotPasswordTitle}</title>
      <h1 id="page-title">{t.resetTitle()}</h1>
      <p className="auth-page__intro">{t.resetIntro()}</p>
      <ForgotPasswordForm />
      <ul className="auth-links">
        <li>
          <Link to={paths.login.getHref()}>{t.backToLogin()}</Link>
        </li>
      </ul>
    </section>
  );
}

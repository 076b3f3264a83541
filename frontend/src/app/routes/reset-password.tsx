import { resetPasswordTitle, resetPasswordTitleUr } from '@/api/rules/pages.gen';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { authMessages } from '@/features/auth/lib/messages';
import accountTexts from '@/i18n/en/account.json';
import { useLanguage, useMessages } from '@/lib/i18n';

const tokenParam = z.string().check(z.trim(), z.minLength(1));

/** /reset-password?token=...: the page the reset e-mail links to. */
export default function ResetPasswordRoute() {
  const t = useMessages(accountTexts, 'account');
  const [searchParams] = useSearchParams();
  const token = tokenParam.safeParse(searchParams.get('token') ?? '');

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{useLanguage() === 'ur' ? resetPasswordTitleUr : resetPasswordTitle}</title>
      <h1 id="page-title">{t.newPasswordTitle()}</h1>
      {token.success ? (
        <ResetPasswordForm
          token={token.data}
          afterSuccess={
            <p>
              <Link to={paths.login.getHref()}>{t.loginWithNew()}</Link>
            </p>
          }
        />
      ) : (
        <p className="auth-page__intro" role="alert">
          {authMessages.resetTokenMissing} <Link to={paths.forgotPassword.getHref()}>{t.requestNewLink()}</Link>
        </p>
      )}
      <ul className="auth-links">
        <li>
          <Link to={paths.login.getHref()}>{t.backToLogin()}</Link>
        </li>
      </ul>
    </section>
  );
}

import { resetPasswordTitle } from '@/api/rules/pages.gen';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { authMessages } from '@/features/auth/lib/messages';

const tokenParam = z.string().check(z.trim(), z.minLength(1));

/** /reset-password?token=...: the page the reset e-mail links to. */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = tokenParam.safeParse(searchParams.get('token') ?? '');

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{resetPasswordTitle}</title>
      <h1 id="page-title">Choose a New Password</h1>
      {token.success ? (
        <ResetPasswordForm
          token={token.data}
          afterSuccess={
            <p>
              <Link to={paths.login.getHref()}>Log in with your new password</Link>
            </p>
          }
        />
      ) : (
        <p className="auth-page__intro" role="alert">
          {authMessages.resetTokenMissing} <Link to={paths.forgotPassword.getHref()}>Request a new link</Link>
        </p>
      )}
      <ul className="auth-links">
        <li>
          <Link to={paths.login.getHref()}>Back to Login</Link>
        </li>
      </ul>
    </section>
  );
}

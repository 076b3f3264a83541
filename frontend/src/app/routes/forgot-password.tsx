import { forgotPasswordTitle } from '@/api/rules/pages.gen';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /forgot-password: asks for an e-mail with a link to /reset-password. */
export default function ForgotPasswordRoute() {
  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <title>{forgotPasswordTitle}</title>
      <h1 id="page-title">Reset Password</h1>
      <p className="auth-page__intro">Enter your e-mail and we will send you a link to choose a new password.</p>
      <ForgotPasswordForm />
      <ul className="auth-links">
        <li>
          <Link to={paths.login.getHref()}>Back to Login</Link>
        </li>
      </ul>
    </section>
  );
}

import { adminLoginTitle } from '@/api/rules/pages.gen';
import { useLocation, useNavigate } from 'react-router';

import { AdminLoginForm } from '@/features/admin-auth/components/admin-login-form';
import { returnPathFrom } from '@/features/admin-auth/lib/return-to';

import '@/components/ui/form.css';
import '@/components/admin/admin.css';

/** /admin/login: after logging in, back to the admin page the owner asked for, else the dashboard. */
export default function AdminLoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <section className="page admin-login" aria-labelledby="page-title">
      <title>{adminLoginTitle}</title>
      <h1 id="page-title">Admin Login</h1>
      <p className="admin-page__intro">For the shop owner: sign in to manage the shop.</p>
      <AdminLoginForm
        onLoggedIn={() => {
          void navigate(returnPathFrom(location.state), { replace: true });
        }}
      />
    </section>
  );
}

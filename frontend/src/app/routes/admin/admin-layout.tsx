import { Suspense } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';

import { LoadingBar } from '@/components/ui/loading-bar';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { LogoutButton } from '@/features/admin-auth/components/logout-button';
import { RequireAdmin } from '@/features/admin-auth/components/require-admin';

import { AdminNav } from './admin-nav';

import '@/components/ui/form.css';
import '@/components/admin/admin.css';

/**
 * The management area's frame (docs/spec.md §2 'Admin'), shown only to the signed-in admin: a top bar with the
 * brand (a link to the shop), the dashboard, the orders, a menu of every page (`AdminNav`) and 'Logout', which
 * returns to the shop's home page.
 */
export default function AdminLayout() {
  const navigate = useNavigate();

  return (
    <RequireAdmin>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="admin-bar">
        <div className="admin-bar__inner">
          <Link to={paths.home.getHref()} className="admin-bar__brand">
            {env.shopName}
          </Link>
          <nav className="admin-bar__nav" aria-label="Admin">
            <AdminNav />
            <LogoutButton
              onLoggedOut={() => {
                void navigate(paths.home.getHref());
              }}
            />
          </nav>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<LoadingBar label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
    </RequireAdmin>
  );
}

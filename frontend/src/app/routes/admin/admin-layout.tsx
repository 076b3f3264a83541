import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';

import { LoadingBar } from '@/components/ui/loading-bar';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

/** The management area's frame: brand, a way back to the dashboard, and the page. */
export default function AdminLayout() {
  return (
    <>
      <header className="admin-header">
        <nav className="admin-header__nav" aria-label="Admin">
          <Link to={paths.admin.root.getHref()} className="navbar__brand">
            {env.shopName} Admin
          </Link>
          <Link to={paths.home.getHref()} className="nav-link">
            Back to shop
          </Link>
        </nav>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<LoadingBar label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { Footer } from '@/components/layouts/footer';
import { LoadingBar } from '@/components/ui/loading-bar';

import { Navbar } from './navbar';

/** Every public screen: navigation bar, the page, footer. */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<LoadingBar label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}

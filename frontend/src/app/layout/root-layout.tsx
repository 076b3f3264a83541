import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';

import { Footer } from '@/components/layouts/footer';
import { LoadingBar } from '@/components/ui/loading-bar';
import shellTexts from '@/i18n/en/shell.json';
import { useMessages } from '@/lib/i18n';

import { Navbar } from './navbar';
import { serverShopInfo } from './shop-info';

/**
 * The frame of every public screen: skip link, navigation bar, the shop info the server drew (`shopInfo`),
 * `main` with `children`, footer. The app draws
 * it around the page (RootLayout); the build draws it around an empty `main` into index.html (render-shell),
 * so the first answer paints the frame the app then draws again in the same place.
 */
export function SiteShell({ children, shopInfo = serverShopInfo }: { children?: ReactNode; shopInfo?: string }) {
  const t = useMessages(shellTexts, 'shell');
  return (
    <>
      <a href="#main" className="skip-link">
        {t.skipLink()}
      </a>
      <Navbar />
      {/* The server's HTML, kept as it drew it: escaped there, and never from the shopper. */}
      <div id="shop-info" className="shop-info" dangerouslySetInnerHTML={{ __html: shopInfo }} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}

/** Every public screen: navigation bar, the page, footer. */
export function RootLayout() {
  const t = useMessages(shellTexts, 'shell');
  return (
    <SiteShell>
      <Suspense fallback={<LoadingBar label={t.loadingPage()} />}>
        <Outlet />
      </Suspense>
    </SiteShell>
  );
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';

import { CartStoreProvider } from '@/features/cart/hooks/use-cart';
import { createCartStore } from '@/features/cart/lib/cart-store';
import { basenameOf, hrefIn, setLanguage, type Language } from '@/lib/i18n';

import { SiteShell } from './root-layout';
import { SHOP_INFO_MARKER } from './shop-info';

/** Loads the Urdu catalogues, for `renderShell('ur')`. */
export { loadUrdu } from '@/lib/i18n';

/** Where the page's own content goes: the server fills it (docs/seo.md). */
export const PAGE_MAIN = '<!--page-main-->';

const PLACEHOLDER = 'page-main-placeholder';

/**
 * The storefront's frame as the app first draws it for a signed-out visitor with an empty cart at `/` (skip
 * link, navigation bar, `<!--shop-info-->` for the server's shop info, an empty `main`, footer), between `<!--shell-->` and `<!--/shell-->`, with
 * `<!--page-main-->` inside `main`. The build writes it into index.html (vite.config.ts `renderShell`); it
 * runs in Node at build time only, never in the browser. In Urdu (`/ur/`, index.ur.html) once `loadUrdu()` has
 * loaded its catalogues.
 */
export function renderShell(language: Language = 'en'): string {
  // No fetch runs on the server: the current user and the categories stay pending, i.e. signed out, no list.
  const queryClient = new QueryClient();
  setLanguage(language);
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <CartStoreProvider value={createCartStore(null, null)}>
        <StaticRouter location={hrefIn(language, '/')} basename={basenameOf(language)}>
          <SiteShell shopInfo={SHOP_INFO_MARKER}>{PLACEHOLDER}</SiteShell>
        </StaticRouter>
      </CartStoreProvider>
    </QueryClientProvider>,
  );
  setLanguage('en');
  queryClient.clear();
  const parts = markup.split(PLACEHOLDER);
  if (parts.length !== 2) throw new Error('The shell must have exactly one place for the page.');
  return `<!--shell-->${parts.join(PAGE_MAIN)}<!--/shell-->`;
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';

import { CartStoreProvider } from '@/features/cart/hooks/use-cart';
import { createCartStore } from '@/features/cart/lib/cart-store';

import { SiteShell } from './root-layout';
import { SHOP_INFO_MARKER } from './shop-info';

/** Where the page's own content goes: the server fills it (docs/seo.md). */
export const PAGE_MAIN = '<!--page-main-->';

const PLACEHOLDER = 'page-main-placeholder';

/**
 * The storefront's frame as the app first draws it for a signed-out visitor with an empty cart at `/` (skip
 * link, navigation bar, `<!--shop-info-->` for the server's shop info, an empty `main`, footer), between `<!--shell-->` and `<!--/shell-->`, with
 * `<!--page-main-->` inside `main`. The build writes it into index.html (vite.config.ts `renderShell`); it
 * runs in Node at build time only, never in the browser.
 */
export function renderShell(): string {
  // No fetch runs on the server: the current user and the categories stay pending, i.e. signed out, no list.
  const queryClient = new QueryClient();
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <CartStoreProvider value={createCartStore(null, null)}>
        <StaticRouter location="/">
          <SiteShell shopInfo={SHOP_INFO_MARKER}>{PLACEHOLDER}</SiteShell>
        </StaticRouter>
      </CartStoreProvider>
    </QueryClientProvider>,
  );
  queryClient.clear();
  const parts = markup.split(PLACEHOLDER);
  if (parts.length !== 2) throw new Error('The shell must have exactly one place for the page.');
  return `<!--shell-->${parts.join(PAGE_MAIN)}<!--/shell-->`;
}

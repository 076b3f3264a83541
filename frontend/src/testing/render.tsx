import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import { AppProvider } from '@/app/provider';
import { basenameOf, hrefIn, setLanguage, type Language } from '@/lib/i18n';

/** Shows the current location so tests can assert where a navigation went. */
export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

interface RenderOptions {
  /** Where the router starts. */
  route?: string;
  /** The route pattern `ui` is mounted at, for pages that read params (`/product/:id`); default: the route's path. */
  path?: string;
  /** The page's language; Urdu needs `await loadUrdu()` first. `route` is the app's route, without `/ur`. */
  language?: Language;
}

/**
 * Renders `ui` at `route` with a fresh query client and a router; every other path shows the location.
 * Returns the query client, and `rerender`, which renders `ui` again under the same client and router.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', path, language = 'en' }: RenderOptions = {}) {
  const queryClient = createTestQueryClient();
  setLanguage(language);
  const tree = (page: ReactElement) => (
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[hrefIn(language, route)]} basename={basenameOf(language)}>
        <Routes>
          <Route path={path ?? new URL(route, 'http://test').pathname} element={page} />
          <Route path="*" element={<LocationDisplay />} />
        </Routes>
      </MemoryRouter>
    </AppProvider>
  );
  const result = render(tree(ui));
  return {
    ...result,
    queryClient,
    rerender: (page: ReactElement) => {
      result.rerender(tree(page));
    },
  };
}

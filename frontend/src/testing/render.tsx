import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import { AppProvider } from '@/app/provider';

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
}

/** Renders `ui` at `route` with a fresh query client and a router; every other path shows the location. */
export function renderWithProviders(ui: ReactElement, { route = '/', path }: RenderOptions = {}) {
  return render(
    <AppProvider queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path ?? new URL(route, 'http://test').pathname} element={ui} />
          <Route path="*" element={<LocationDisplay />} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';

import { basenameOf, type Language } from '@/lib/i18n';

import { ScrollKeeper } from './layout/scroll-keeper';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The app in `language` (set with `setLanguage` before): Urdu pages live under `/ur/`, the router's basename
 * (docs/decisions/0048-urdu.md).
 */
export function App({ queryClient, language = 'en' }: { queryClient?: QueryClient; language?: Language }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter basename={basenameOf(language)}>
        <ScrollKeeper />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}

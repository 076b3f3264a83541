import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { configureApiClient } from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';

configureApiClient();

// Tests wait for states that are certain to come (a mocked answer rendered; no module is loaded while a
// test waits, see testing/pages.ts). These are ceilings for a state that never comes, far above how long
// any such state takes on a busy machine, and below vitest's testTimeout so a failure shows the page.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // Drafts kept by one test (the checkout's) must not fill the next test's form.
  window.sessionStorage.clear();
  setLanguage('en');
});

// jsdom lays nothing out and does not scroll (it logs 'Not implemented' for `scrollTo`): pages that open at
// their top call it on every navigation (app/layout/scroll-keeper.tsx); the browser tests check the scrolling.
window.scrollTo = () => undefined;

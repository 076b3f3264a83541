import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { configureApiClient } from '@/lib/api-client';

configureApiClient();

// Tests wait for states that are certain to come (a mocked answer rendered; no module is loaded while a
// test waits, see testing/pages.ts). These are ceilings for a state that never comes, far above how long
// any such state takes on a busy machine, and below vitest's testTimeout so a failure shows the page.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});

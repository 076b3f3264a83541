import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { configureApiClient } from '@/lib/api-client';

configureApiClient();

// Lazy routes load their chunks on first render; on a busy 2-core machine that can take over the default
// second, so asynchronous queries wait up to five.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { configureApiClient } from '@/lib/api-client';

configureApiClient();

afterEach(() => {
  cleanup();
});

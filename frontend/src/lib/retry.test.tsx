import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { useRetryUnless } from './retry';

class Final extends Error {}

function retryWith(policy: boolean | number | ((count: number, error: Error) => boolean)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: policy } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useRetryUnless((error) => error instanceof Final), { wrapper }).result.current;
}

describe('useRetryUnless', () => {
  it('never retries an error it recognises as final', () => {
    expect(retryWith(3)(0, new Final())).toBe(false);
    expect(retryWith(true)(0, new Final())).toBe(false);
  });

  it("follows the client's count for other errors", () => {
    const retry = retryWith(1);
    expect(retry(0, new Error('offline'))).toBe(true);
    expect(retry(1, new Error('offline'))).toBe(false);
  });

  it("follows the client's boolean or function policy", () => {
    expect(retryWith(false)(0, new Error('offline'))).toBe(false);
    expect(retryWith((count) => count < 2)(1, new Error('offline'))).toBe(true);
  });
});

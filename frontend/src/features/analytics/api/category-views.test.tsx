import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import type { CategoryResponse } from '@/api/generated';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { createTestQueryClient } from '@/testing/render';

import { useCategoryViews } from './category-views';

const all: CategoryResponse[] = Array.from({ length: 150 }, (_, index) => ({
  _id: String(index + 1),
  name: `Category ${index + 1}`,
  parent: null,
  fullPath: `Category ${index + 1}`,
  views: index,
}));

/** Pages `all` on any list of categories; returns each request's URL and credentials mode. */
function serve() {
  const requests: { url: string; credentials: RequestCredentials }[] = [];
  mockFetch((url, request) => {
    requests.push({ url: `${url.pathname}${url.search}`, credentials: request.credentials });
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    return jsonResponse(all.slice(offset, offset + limit));
  });
  return requests;
}

function renderWithClient<T>(hook: () => T) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(hook, { wrapper });
}

describe('category views', () => {
  it('useCategoryViews pages the analytics table too, signed in on every page', async () => {
    const requests = serve();
    const { result } = renderWithClient(() => useCategoryViews());
    await waitFor(() => {
      expect(result.current.data).toEqual(all);
    });
    expect(requests).toEqual([
      { url: '/api/categories/category-views?limit=100&offset=0', credentials: 'include' },
      { url: '/api/categories/category-views?limit=100&offset=100', credentials: 'include' },
    ]);
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import type { CategoryResponse } from '@/api/generated';
import { listCategoriesQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { createTestQueryClient } from '@/testing/render';

import { useAdminCategories } from './categories';

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
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

describe('admin category lists', () => {
  it('useAdminCategories gets every category through the shared query and its key', async () => {
    const requests = serve();
    const { result, queryClient } = renderWithClient(() => useAdminCategories());
    await waitFor(() => {
      expect(result.current.data).toEqual(all);
    });
    expect(requests.map((request) => request.url)).toEqual([
      '/api/categories?limit=100&offset=0',
      '/api/categories?limit=100&offset=100',
    ]);
    expect(queryClient.getQueryData(listCategoriesQueryKey())).toEqual(all);
  });
});

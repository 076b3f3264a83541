import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { listCategoriesQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { createTestQueryClient } from '@/testing/render';

import { useCategoryTree } from '../hooks/use-category-tree';
import type { Category } from '../types';

import { getCategoriesQueryOptions, useCategories } from './get-categories';

function makeCategories(count: number): Category[] {
  return Array.from({ length: count }, (_, index) => {
    const id = String(index + 1);
    return { _id: id, name: `Category ${id}`, parent: null, fullPath: `Category ${id}`, views: index };
  });
}

/** Serves `all` as the API pages it; `answer` may answer a request itself. Returns every URL asked for. */
function serveCategories(all: Category[], answer?: (url: URL, request: Request) => Response | Promise<Response> | undefined) {
  const urls: string[] = [];
  mockFetch((url, request) => {
    urls.push(`${url.pathname}${url.search}`);
    if (url.pathname !== '/api/categories') return jsonResponse({ message: 'Not found' }, 404);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return answer?.(url, request) ?? jsonResponse(all.slice(offset, offset + limit));
  });
  return urls;
}

const page = (offset: number) => `/api/categories?limit=100&offset=${offset}`;

function fetchCategories() {
  const queryClient = createTestQueryClient();
  return { queryClient, result: queryClient.query(getCategoriesQueryOptions()) };
}

describe('the categories query', () => {
  it('asks page after page and returns 150 categories whole, in order', async () => {
    const all = makeCategories(150);
    const urls = serveCategories(all);
    await expect(fetchCategories().result).resolves.toEqual(all);
    expect(urls).toEqual([page(0), page(100)]);
  });

  it("asks once more after a full last page (the benchmark shop's 200 categories)", async () => {
    const urls = serveCategories(makeCategories(200));
    await expect(fetchCategories().result).resolves.toHaveLength(200);
    expect(urls).toEqual([page(0), page(100), page(200)]);
  });

  it('makes one request when the first page is short', async () => {
    const all = makeCategories(4);
    const urls = serveCategories(all);
    await expect(fetchCategories().result).resolves.toEqual(all);
    expect(urls).toEqual([page(0)]);
  });

  it('caches the whole list under the generated key everyone uses', async () => {
    serveCategories(makeCategories(150));
    const { queryClient, result } = fetchCategories();
    await result;
    expect(getCategoriesQueryOptions().queryKey).toEqual(listCategoriesQueryKey());
    expect(queryClient.getQueryData(listCategoriesQueryKey())).toHaveLength(150);
  });

  it('fails as a whole when a later page fails, caching no part of the list', async () => {
    const urls = serveCategories(makeCategories(250), (url) =>
      url.searchParams.get('offset') === '100' ? jsonResponse({ message: 'Server error' }, 500) : undefined,
    );
    const { queryClient, result } = fetchCategories();
    await expect(result).rejects.toEqual({ message: 'Server error' });
    expect(urls).toEqual([page(0), page(100)]);
    expect(queryClient.getQueryData(listCategoriesQueryKey())).toBeUndefined();
  });

  it("fails when a later page does not match the API's schema (the generated validator runs on every page)", async () => {
    serveCategories(makeCategories(150), (url) =>
      url.searchParams.get('offset') === '100' ? jsonResponse([{ _id: 7, name: 'Broken' }]) : undefined,
    );
    await expect(fetchCategories().result).rejects.toBeDefined();
  });

  it('passes the query signal on and asks for no further page once the query is cancelled', async () => {
    const signals: AbortSignal[] = [];
    const urls = serveCategories(makeCategories(250), (url, request) => {
      signals.push(request.signal);
      if (url.searchParams.get('offset') !== '100') return undefined;
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => {
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    });
    const { queryClient, result } = fetchCategories();
    await waitFor(() => {
      expect(urls).toHaveLength(2);
    });
    await queryClient.cancelQueries({ queryKey: listCategoriesQueryKey() });
    await expect(result).rejects.toBeDefined();
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
    expect(urls).toEqual([page(0), page(100)]);
  });
});

describe('the hooks built on it', () => {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
  }

  it('useCategories gives every category', async () => {
    serveCategories(makeCategories(150));
    const { result } = renderHook(() => useCategories(), { wrapper });
    await waitFor(() => {
      expect(result.current.data).toHaveLength(150);
    });
  });

  it('useCategoryTree nests a child under a parent that arrived on a later page', async () => {
    const child: Category = { _id: '1', name: 'Category 1', parent: '150', fullPath: 'Category 150 > Category 1', views: 0 };
    serveCategories([child, ...makeCategories(150).slice(1)]);
    const { result } = renderHook(() => useCategoryTree(), { wrapper });
    await waitFor(() => {
      expect(result.current).toHaveLength(149);
    });
    const parent = result.current.find((node) => node.category._id === '150');
    expect(parent?.children.map((node) => node.category._id)).toEqual(['1']);
  });
});

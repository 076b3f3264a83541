import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getCategoryWithProductsQueryKey, getProductQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { CategoryNotFoundError } from '@/features/categories/api/get-category-with-products';
import { ProductNotFoundError } from '@/lib/product-query';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';

import { AppProvider } from './provider';
import { preloadable } from './page-loading';
import { AppRoutes, pageAt, preparePage } from './router';

/** Writes the server's data block into the page, as the server does for a product page (docs/seo.md). */
function pageData(text: string) {
  const script = document.createElement('script');
  script.id = 'page-data';
  script.type = 'application/json';
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById('page-data')?.remove();
});

describe('preloadable', () => {
  it('suspends until its module loads, like lazy, when it was not preloaded', async () => {
    const Page = preloadable(() => Promise.resolve({ default: () => <h1>Cart Overview</h1> }));
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Cart Overview' })).toBeInTheDocument();
  });

  it('draws its page in the first render once preloaded, never the fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <h1>Cart Overview</h1> }));
    const Page = preloadable(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Cart Overview' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('pageAt', () => {
  it('names the page of each address and its parameters', () => {
    expect(pageAt('/')).toBeUndefined();
    expect(pageAt('/product/42')).toEqual({ page: 'product', params: { id: '42' } });
    expect(pageAt('/category/7')).toEqual({ page: 'category', params: { id: '7' } });
    expect(pageAt('/search')).toEqual({ page: 'search', params: {} });
    expect(pageAt('/review')).toEqual({ page: 'addReview', params: {} });
    expect(pageAt('/admin/login')).toEqual({ page: 'adminLogin', params: {} });
    expect(pageAt('/admin/orders')).toEqual({ page: 'admin', params: {} });
    expect(pageAt('/no/such/page')).toEqual({ page: 'notFound', params: {} });
  });
});

describe('preparePage', () => {
  const product = makeProduct({ _id: '42', name: 'Galaxy A54 Clear Case', description: 'Slim and clear.' });
  const key = (id: string) => getProductQueryKey({ path: { id } });

  it('puts the product of the page data into the cache under the id of the address, and the first render is the product page', async () => {
    const requested = mockFetch(() => jsonResponse([]));
    pageData(JSON.stringify({ product }));
    const queryClient = createTestQueryClient();

    await preparePage('/product/042', queryClient);

    expect(queryClient.getQueryData(key('042'))).toEqual(product);
    render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={['/product/042']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>,
    );
    // No wait: the first render already shows the finished page, not the spinner nor the Suspense fallback.
    expect(screen.getByRole('heading', { level: 1, name: 'Galaxy A54 Clear Case' })).toBeInTheDocument();
    expect(screen.queryByText('Loading product...')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(requested).not.toContain('/api/products/042');
  });

  it.each([
    ['no data block', undefined],
    ['a block that is not JSON', '{"product": '],
    ['a block that is not an object', '[1, 2]'],
    ['a product that is not one', JSON.stringify({ product: { _id: '42', name: 5 } })],
    ['no product', JSON.stringify({ category: {} })],
  ])('leaves the cache alone with %s', async (_, text) => {
    if (text !== undefined) pageData(text);
    const queryClient = createTestQueryClient();

    await expect(preparePage('/product/42', queryClient)).resolves.toBeUndefined();

    expect(queryClient.getQueryState(key('42'))).toBeUndefined();
  });

  it('records a product the server answered 404 as not found, so the page does not ask the API', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ responseStatus: 404 } as unknown as PerformanceEntry]);
    const requested = mockFetch(() => jsonResponse({ message: 'No such product.' }, 404));
    const queryClient = createTestQueryClient();

    await preparePage('/product/999', queryClient);

    expect(queryClient.getQueryState(key('999'))?.error).toBeInstanceOf(ProductNotFoundError);
    render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={['/product/999']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(requested).not.toContain('/api/products/999');
  });

  it('records a category the server answered 404 as not found, so the page does not ask the API', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ responseStatus: 404 } as unknown as PerformanceEntry]);
    const requested = mockFetch(() => jsonResponse({ message: 'No such category.' }, 404));
    const queryClient = createTestQueryClient();

    await preparePage('/category/999', queryClient);

    expect(queryClient.getQueryState(getCategoryWithProductsQueryKey({ path: { id: '999' } }))?.error).toBeInstanceOf(
      CategoryNotFoundError,
    );
    render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={['/category/999']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
    expect(requested.some((url) => url.includes('/api/categories/with-products/999'))).toBe(false);
  });

  it('leaves the home page to the app: nothing to load first', async () => {
    pageData(JSON.stringify({ product }));
    const queryClient = createTestQueryClient();
    await preparePage('/', queryClient);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});

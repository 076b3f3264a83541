import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { getFeaturedProductsQueryOptions } from '@/features/products/api/get-featured-products';
import type { Product } from '@/features/products/types';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import HomeRoute from './home';

const FIRST_PAGE = '/api/products?limit=24&offset=0';

function products(count: number, prefix: string): Product[] {
  return Array.from({ length: count }, (_, index) => makeProduct({ name: `${prefix} ${index + 1}` }));
}

/** Answers `limit`/`offset` pages of `catalogue`; `answerPage` may answer a page itself (else undefined). */
function shop({
  featured = [],
  catalogue = [],
  answerPage,
}: {
  featured?: Product[];
  catalogue?: Product[];
  answerPage?: (url: URL) => Response | Promise<Response> | undefined;
}) {
  const requested: string[] = [];
  mockFetch((url) => {
    requested.push(`${url.pathname}${url.search}`);
    switch (url.pathname) {
      case '/api/categories':
        return json([]);
      case '/api/products/featured':
        return json(featured);
      case '/api/products': {
        const limit = Number(url.searchParams.get('limit'));
        const offset = Number(url.searchParams.get('offset'));
        return answerPage?.(url) ?? json(catalogue.slice(offset, offset + limit));
      }
      default:
        return json({ message: 'Not found' }, 404);
    }
  });
  const { queryClient, rerender } = renderWithProviders(<HomeRoute />);
  return { requested, queryClient, rerender, user: userEvent.setup() };
}

const allSection = () => screen.getByRole('region', { name: 'All Mobile Accessories' });
const featuredSection = () => screen.getByRole('region', { name: 'Featured Accessories' });
const showMore = () => screen.queryByRole('button', { name: 'Show more products' });

describe('Home page', () => {
  it('shows the loading text and the blue loading bar while the lists load', () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderWithProviders(<HomeRoute />);
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shop Now' })).toBeInTheDocument();
  });

  it('issues the three list calls in parallel, asking for the first page of 24 products', async () => {
    // No call ever answers, so all three must have started without waiting for one another.
    const requested: string[] = [];
    mockFetch((url) => {
      requested.push(`${url.pathname}${url.search}`);
      return new Promise<Response>(() => undefined);
    });
    renderWithProviders(<HomeRoute />);
    await waitFor(() => {
      expect(requested).toHaveLength(3);
    });
    expect([...requested].sort()).toEqual(['/api/categories?limit=100&offset=0', '/api/products/featured', FIRST_PAGE]);
  });

  it('keeps loading until the products page has settled', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { requested, queryClient, rerender } = shop({
      featured: products(2, 'Featured'),
      answerPage: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await waitFor(() => {
      expect(requested).toHaveLength(3);
    });
    // The categories and featured calls have settled; the page has not. Rendering again reads the queries as
    // they stand now, so what follows is the page's answer to exactly that state.
    await waitFor(() => {
      expect(queryClient.isFetching()).toBe(1);
    });
    expect(queryClient.getQueryState(getFeaturedProductsQueryOptions().queryKey)?.status).toBe('success');
    rerender(<HomeRoute />);
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeInTheDocument();

    answer(json(products(3, 'Cable')));
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('ends loading and shows the empty text when every call fails', async () => {
    mockFetch((url) =>
      url.pathname === '/api/categories' ? Promise.reject(new TypeError('offline')) : json({ message: 'boom' }, 500),
    );
    renderWithProviders(<HomeRoute />);
    const empty = await screen.findAllByText('No products available at the moment.');
    expect(empty).toHaveLength(2);
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('treats a list response that is not an array as empty', async () => {
    mockFetch(() => json({ products: [makeProduct()] }));
    renderWithProviders(<HomeRoute />);
    expect(await screen.findAllByText('No products available at the moment.')).toHaveLength(2);
  });

  it('renders featured and all products when the calls succeed', async () => {
    const featured = makeProduct({ name: 'Anker 20W Charger', featured: true, finalPrice: 2499, price: 2499 });
    const other = makeProduct({ name: 'Baseus USB-C Cable', finalPrice: 899, price: 999, discount: 10 });
    shop({ featured: [featured], catalogue: [featured, other] });

    await screen.findByRole('region', { name: 'Featured Accessories' });
    expect(within(featuredSection()).getAllByRole('article')).toHaveLength(1);
    expect(within(featuredSection()).getByRole('heading', { name: 'Anker 20W Charger' })).toBeInTheDocument();
    expect(within(allSection()).getAllByRole('article')).toHaveLength(2);
    expect(within(allSection()).getByText('Rs 899')).toBeInTheDocument();
    expect(within(allSection()).getByText('10% OFF')).toBeInTheDocument();
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    expect(screen.queryByText('No products available at the moment.')).not.toBeInTheDocument();
    // A short first page is the last; eight or fewer featured products are all shown.
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('loads the first two featured pictures at once and every other picture lazily', async () => {
    const featured = ['A', 'B', 'C'].map((name) => makeProduct({ name: `Featured ${name}`, featured: true }));
    shop({ featured, catalogue: featured });

    await screen.findByRole('region', { name: 'Featured Accessories' });
    const loading = (section: HTMLElement) =>
      within(section)
        .getAllByRole('img')
        .map((image) => image.getAttribute('loading'));
    expect(loading(featuredSection())).toEqual(['eager', 'eager', 'lazy']);
    expect(loading(allSection())).toEqual(['lazy', 'lazy', 'lazy']);
  });

  it("gives every card the cart's Add and Buy buttons", async () => {
    const product = makeProduct({ name: 'Anker 20W Charger' });
    mockFetch((url) => json(url.pathname === '/api/categories' ? [] : [product]));
    renderWithProviders(<HomeRoute />);

    const cards = await screen.findAllByRole('article', { name: 'Anker 20W Charger' });
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(within(card).getByRole('button', { name: 'Add' })).toHaveAccessibleDescription('Anker 20W Charger');
      expect(within(card).getByRole('button', { name: 'Buy' })).toBeEnabled();
    }
  });

  it("shows the first 8 featured products, and the rest on 'Show all featured products' without another call", async () => {
    const featured = products(10, 'Featured');
    const { requested, user } = shop({ featured, catalogue: products(2, 'Cable') });

    await screen.findByRole('region', { name: 'Featured Accessories' });
    expect(within(featuredSection()).getAllByRole('article')).toHaveLength(8);
    expect(within(featuredSection()).queryByRole('article', { name: 'Featured 9' })).not.toBeInTheDocument();

    await user.click(within(featuredSection()).getByRole('button', { name: 'Show all featured products' }));

    expect(within(featuredSection()).getAllByRole('article')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Show all featured products' })).not.toBeInTheDocument();
    // The focus moves from the vanished button to the first card it revealed.
    expect(within(screen.getByRole('article', { name: 'Featured 9' })).getAllByRole('link')[0]).toHaveFocus();
    expect(requested).toHaveLength(3);
  });

  it("shows 24 products and appends the next page on 'Show more products' until a page comes back short", async () => {
    const catalogue = products(30, 'Cable');
    const { requested, user } = shop({ catalogue });

    await screen.findByRole('region', { name: 'All Mobile Accessories' });
    expect(within(allSection()).getAllByRole('article')).toHaveLength(24);
    expect(requested.filter((url) => url.startsWith('/api/products?'))).toEqual([FIRST_PAGE]);

    await user.click(within(allSection()).getByRole('button', { name: 'Show more products' }));

    await waitFor(() => {
      expect(within(allSection()).getAllByRole('article')).toHaveLength(30);
    });
    const cards = within(allSection()).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(catalogue.map((product) => product.name));
    expect(requested.filter((url) => url.startsWith('/api/products?'))).toEqual([
      FIRST_PAGE,
      '/api/products?limit=24&offset=24',
    ]);
    expect(showMore()).not.toBeInTheDocument();
    expect(screen.getByText('Showing 30 products')).toBeInTheDocument();
  });

  it('asks once more after a full last page, and drops the button when that page is empty', async () => {
    const { requested, user } = shop({ catalogue: products(48, 'Cable') });
    await user.click(await screen.findByRole('button', { name: 'Show more products' }));
    await waitFor(() => {
      expect(within(allSection()).getAllByRole('article')).toHaveLength(48);
    });

    await user.click(within(allSection()).getByRole('button', { name: 'Show more products' }));

    await waitFor(() => {
      expect(showMore()).not.toBeInTheDocument();
    });
    expect(within(allSection()).getAllByRole('article')).toHaveLength(48);
    expect(requested.filter((url) => url.startsWith('/api/products?'))).toEqual([
      FIRST_PAGE,
      '/api/products?limit=24&offset=24',
      '/api/products?limit=24&offset=48',
    ]);
  });

  it('marks the button busy while the next page loads and ignores further clicks', async () => {
    const catalogue = products(30, 'Cable');
    let answer: (response: Response) => void = () => undefined;
    const { requested, user } = shop({
      catalogue,
      answerPage: (url) =>
        url.searchParams.get('offset') === '24'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : undefined,
    });
    const button = await screen.findByRole('button', { name: 'Show more products' });
    expect(button).not.toHaveAttribute('aria-busy', 'true');

    await user.click(button);
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-busy', 'true');
    });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(requested.filter((url) => url.includes('offset=24'))).toHaveLength(1);

    answer(json(catalogue.slice(24)));
    await waitFor(() => {
      expect(within(allSection()).getAllByRole('article')).toHaveLength(30);
    });
  });

  it('says so when the next page fails, and keeps the button to try again', async () => {
    const catalogue = products(30, 'Cable');
    let fail = true;
    const { requested, user } = shop({
      catalogue,
      answerPage: (url) => (url.searchParams.get('offset') === '24' && fail ? json({ message: 'boom' }, 500) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Show more products' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more products. Please try again.');
    expect(within(allSection()).getAllByRole('article')).toHaveLength(24);
    const button = within(allSection()).getByRole('button', { name: 'Show more products' });
    expect(button).not.toHaveAttribute('aria-busy', 'true');

    fail = false;
    await user.click(button);

    await waitFor(() => {
      expect(within(allSection()).getAllByRole('article')).toHaveLength(30);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(showMore()).not.toBeInTheDocument();
    expect(requested.filter((url) => url.includes('offset=24'))).toHaveLength(2);
  });

  it('shows a product that a new product pushed onto the next page only once', async () => {
    const catalogue = products(25, 'Cable');
    const { user } = shop({
      catalogue,
      // A product was added after the first page: the next page starts with the first page's last product.
      answerPage: (url) => (url.searchParams.get('offset') === '24' ? json(catalogue.slice(23)) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Show more products' }));
    await waitFor(() => {
      expect(within(allSection()).getAllByRole('article')).toHaveLength(25);
    });
    expect(within(allSection()).getAllByRole('article', { name: 'Cable 24' })).toHaveLength(1);
  });
});

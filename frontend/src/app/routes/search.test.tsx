import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import SearchRoute from './search';

function setup(q: string, answer: () => Response | Promise<Response>) {
  const requested: URL[] = [];
  mockFetch((url) => {
    requested.push(url);
    return answer();
  });
  renderWithProviders(<SearchRoute />, { route: `/search?q=${encodeURIComponent(q)}`, path: '/search' });
  return requested;
}

describe('Search page', () => {
  it('heads the page with the term and shows a spinner while searching', () => {
    setup('chargr', () => new Promise<Response>(() => undefined));
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results for "chargr"' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
  });

  it('asks the search endpoint with the term and shows the results in order, with cart buttons', async () => {
    const requested = setup('chargr', () =>
      jsonResponse([makeProduct({ name: '20W USB-C PD Fast Charger' }), makeProduct({ name: 'Dual-Port 38W Car Charger' })]),
    );
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      '20W USB-C PD Fast Charger',
      'Dual-Port 38W Car Charger',
    ]);
    const first = within(screen.getByRole('article', { name: '20W USB-C PD Fast Charger' }));
    expect(first.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(requested[0]?.pathname).toBe('/api/products/search');
    expect(requested[0]?.searchParams.get('q')).toBe('chargr');
  });

  it("says 'No products found.' when nothing matches", async () => {
    setup('zzzz', () => jsonResponse([]));
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it('treats an answer that is not a list as no results', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup('case', () => jsonResponse({ products: [] }));
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', () => jsonResponse({ message: 'boom' }, 500)],
    ['a network failure', () => Promise.reject(new TypeError('offline'))],
  ])("says 'Something went wrong while searching.' on %s, and logs it", async (_case, answer) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup('case', answer);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while searching.');
    expect(logged).toHaveBeenCalledWith('Failed to fetch results', expect.anything());
  });

  it('sends nothing for a blank term', async () => {
    const requested = setup('   ', () => jsonResponse([]));
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('searches the first 100 characters of a longer term', async () => {
    const requested = setup('a'.repeat(150), () => jsonResponse([]));
    await screen.findByText('No products found.');
    expect(requested[0]?.searchParams.get('q')).toHaveLength(100);
  });

  it('offers the correction as a link when a search finds nothing', async () => {
    const requested = setup('earfones', () => jsonResponse([]));
    mockFetch((url) => {
      requested.push(url);
      return url.pathname === '/api/products/search-correction'
        ? jsonResponse({ correction: 'earphones' })
        : jsonResponse([]);
    });
    const offer = await screen.findByText((_, node) => node?.textContent === 'Did you mean "earphones"?');
    expect(within(offer).getByRole('link', { name: 'earphones' })).toHaveAttribute('href', '/search?q=earphones');
    expect(screen.getByText('No products found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Browse categories' })).not.toBeInTheDocument();
  });

  it('offers the top categories and the featured products when there is no correction', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/products/search-correction') return jsonResponse({ correction: null });
      if (url.pathname === '/api/categories') {
        return jsonResponse([
          { _id: '1', name: 'Phone Cases', parent: null, fullPath: 'Phone Cases', views: 0 },
          { _id: '2', name: 'Infinix Cases', parent: '1', fullPath: 'Phone Cases > Infinix Cases', views: 0 },
        ]);
      }
      if (url.pathname === '/api/products/featured') return jsonResponse([makeProduct({ name: 'Wireless Earbuds Pro' })]);
      return jsonResponse([]);
    });
    renderWithProviders(<SearchRoute />, { route: '/search?q=zzqxv', path: '/search' });

    const categories = await screen.findByRole('navigation', { name: 'Browse categories' });
    expect(within(categories).getAllByRole('link').map((link) => link.textContent)).toEqual(['Phone Cases']);
    expect(await screen.findByRole('article', { name: 'Wireless Earbuds Pro' })).toBeInTheDocument();
    expect(screen.getByText('No products found.')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import HomeRoute from './home';

describe('Home page', () => {
  it('shows the loading text and the blue loading bar while the lists load', () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderWithProviders(<HomeRoute />);
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shop Now' })).toBeInTheDocument();
  });

  it('issues the three list calls in parallel', async () => {
    // No call ever answers, so all three must have started without waiting for one another.
    const requested = mockFetch(() => new Promise<Response>(() => undefined));
    renderWithProviders(<HomeRoute />);
    await waitFor(() => {
      expect(requested).toHaveLength(3);
    });
    expect([...requested].sort()).toEqual(['/api/categories', '/api/products', '/api/products/featured']);
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
  });

  it('treats a list response that is not an array as empty', async () => {
    mockFetch(() => json({ products: [makeProduct()] }));
    renderWithProviders(<HomeRoute />);
    expect(await screen.findAllByText('No products available at the moment.')).toHaveLength(2);
  });

  it('renders featured and all products when the calls succeed', async () => {
    const featured = makeProduct({ name: 'Anker 20W Charger', featured: true, finalPrice: 2499, price: 2499 });
    const other = makeProduct({ name: 'Baseus USB-C Cable', finalPrice: 899, price: 999, discount: 10 });
    mockFetch((url) => {
      switch (url.pathname) {
        case '/api/products/featured':
          return json([featured]);
        case '/api/products':
          return json([featured, other]);
        case '/api/categories':
          return json([{ _id: '1', name: 'Chargers', parent: null, fullPath: 'Chargers', views: 0 }]);
        default:
          return json({ message: 'Not found' }, 404);
      }
    });
    renderWithProviders(<HomeRoute />);

    const featuredSection = await screen.findByRole('region', { name: 'Featured Accessories' });
    const allSection = screen.getByRole('region', { name: 'All Mobile Accessories' });
    expect(within(featuredSection).getAllByRole('article')).toHaveLength(1);
    expect(within(featuredSection).getByRole('heading', { name: 'Anker 20W Charger' })).toBeInTheDocument();
    expect(within(allSection).getAllByRole('article')).toHaveLength(2);
    expect(within(allSection).getByText('Rs 899')).toBeInTheDocument();
    expect(within(allSection).getByText('10% OFF')).toBeInTheDocument();
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    expect(screen.queryByText('No products available at the moment.')).not.toBeInTheDocument();
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
});

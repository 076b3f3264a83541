import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import ProductsRoute from './products';

const catalogue = Array.from({ length: 30 }, (_, index) => makeProduct({ name: `Product ${index + 1}` }));

function setup(answer: (url: URL) => Response | Promise<Response>) {
  const requested: URL[] = [];
  mockFetch((url) => {
    requested.push(url);
    return answer(url);
  });
  renderWithProviders(<ProductsRoute />, { route: '/products' });
  return { requested, user: userEvent.setup() };
}

function page(url: URL) {
  const limit = Number(url.searchParams.get('limit'));
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return jsonResponse(catalogue.slice(offset, offset + limit));
}

describe('All Products listing', () => {
  it("shows 'Loading products...' while loading", () => {
    setup(() => new Promise<Response>(() => undefined));
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
  });

  it("shows cards with a 'View Details' link, and fetches the next page only on 'Load more'", async () => {
    const { requested, user } = setup(page);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(24);
    const first = within(screen.getByRole('article', { name: 'Product 1' }));
    expect(first.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/product/${catalogue[0]?._id ?? ''}`);
    expect(first.getByText('Rs 3,500')).toBeInTheDocument();
    expect(requested).toHaveLength(1);
    expect(requested[0]?.searchParams.get('limit')).toBe('24');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(30);
    });
    expect(requested[1]?.searchParams.get('offset')).toBe('24');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("says 'No products available.' when there are none, or the call fails", async () => {
    setup(() => jsonResponse({ message: 'boom' }, 500));
    expect(await screen.findByText('No products available.')).toBeInTheDocument();
  });
});

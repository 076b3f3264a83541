import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { CartStoreProvider } from '@/features/cart/hooks/use-cart';
import { createCartStore } from '@/features/cart/lib/cart-store';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeProduct, makeReview } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';
import { renderWithProviders } from '@/testing/render';

import ProductRoute from './product';

type ProductOverrides = Parameters<typeof makeProduct>[0];

const reviewsMissing = () => jsonResponse({ message: 'No such resource.' }, 404);

function setup(
  product: ProductOverrides | Response | (() => Response | Promise<Response>),
  reviews: () => Response | Promise<Response> = () => jsonResponse([]),
  id = '6',
) {
  const requested = mockFetch((url) => {
    if (url.pathname === `/api/reviews/approved/${id}`) return reviews();
    if (url.pathname === `/api/products/${id}`) {
      if (typeof product === 'function') return product();
      if (product instanceof Response) return product;
      return jsonResponse(makeProduct({ _id: id, ...product }));
    }
    return jsonResponse({ message: 'No such resource.' }, 404);
  });
  const store = createCartStore(new MemoryStorage(), new EventTarget());
  renderWithProviders(
    <CartStoreProvider value={store}>
      <ProductRoute />
    </CartStoreProvider>,
    { route: `/product/${id}`, path: '/product/:id' },
  );
  return { store, requested, user: userEvent.setup() };
}

const armor = {
  name: 'Galaxy S24 Ultra Tough Armor Case',
  price: 3499,
  salePrice: 2999,
  finalPrice: 2999,
  discount: 14,
  color: 'Black',
  description: 'Dual-layer protection.',
  freeDelivery: true,
  stock: 18,
  quantity: 18,
};

describe('Product page', () => {
  it('shows a spinner until the product loads', () => {
    setup(() => new Promise<Response>(() => undefined));
    expect(screen.getByRole('status')).toHaveTextContent('Loading product...');
  });

  it('shows the name, badges, price with the struck list price, colour, stock and description', async () => {
    setup(armor);
    await screen.findByRole('heading', { level: 1, name: armor.name });
    const page = within(screen.getByRole('article', { name: armor.name }));
    expect(page.getByText('Free Delivery')).toBeInTheDocument();
    expect(page.getByText('14% OFF')).toBeInTheDocument();
    expect(page.getByText('Rs 2,999')).toBeInTheDocument();
    expect(page.getByText('Rs 3,499').tagName).toBe('S');
    expect(page.getByText('Colour: Black')).toBeInTheDocument();
    expect(page.getByText('In Stock')).toBeInTheDocument();
    expect(page.getByText('Dual-layer protection.')).toBeInTheDocument();
    expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it.each([
    [1, 'Only 1 left!'],
    [3, 'Only 3 left!'],
    [4, 'In Stock'],
  ])('with %i in stock says %s', async (stock, text) => {
    setup({ stock, quantity: stock });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('disables Add to Cart when out of stock', async () => {
    setup({ stock: 0, quantity: 0 });
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('offers Share on WhatsApp and Copy link right under the cart control, before the description', async () => {
    setup(armor);
    const whatsApp = await screen.findByRole('link', { name: 'Share on WhatsApp' });
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent('Galaxy S24 Ultra Tough Armor Case — Rs 2,999\nhttp://localhost:3000/product/6')}`,
    );
    const buy = screen.getByRole('button', { name: 'Add to Cart' }).closest('.product-page__buy');
    expect(buy?.nextElementSibling).toBe(whatsApp.closest('.product-share'));
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('turns Add to Cart into the stepper, and counts what the cart holds against the stock', async () => {
    const { store, user } = setup({ stock: 4, quantity: 4 });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    expect(store.getState().items).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('1');
    expect(screen.getByText('Only 3 left!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/cart');

    await user.click(screen.getByRole('button', { name: 'Remove one' }));
    expect(store.getState().items).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });

  it('says every unit left is in the shopper’s cart, not out of stock, and why the stepper stops', async () => {
    const { user } = setup({ stock: 2, quantity: 2 });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await user.click(screen.getByRole('button', { name: 'Add one more' }));

    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2');
    expect(screen.getByText('All 2 in your cart')).toBeInTheDocument();
    expect(screen.queryByText('Out of Stock')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add one more' })).toBeDisabled();
    expect(screen.getByText('Only 2 in stock')).toHaveAttribute('id', 'product-unit-limit');
  });

  it("shows the product's own rating (average, count, spread 5 to 1) and the approved reviews", async () => {
    const reviews = [
      makeReview({ _id: 'a', reviewerName: 'Ali', rating: 5, comment: 'Great', adminReply: 'Thanks, Ali!' }),
      makeReview({ _id: 'b', reviewerName: '', rating: 4, comment: 'Good' }),
      makeReview({ _id: 'c', reviewerName: 'Pending Pete', status: 'pending' }),
    ];
    setup({ ...armor, rating: 4.5, reviewCount: 2, ratingSpread: { '5': 1, '4': 1, '3': 0, '2': 0, '1': 0 } }, () => jsonResponse(reviews));
    const page = within(await screen.findByRole('article', { name: armor.name }));
    expect(page.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(page.getByRole('link', { name: '(2 reviews)' })).toHaveAttribute('href', '#reviews');
    const section = within(screen.getByRole('region', { name: 'Customer Reviews' }));
    expect(await section.findByRole('heading', { name: 'Ali' })).toBeInTheDocument();
    expect(section.getByRole('heading', { name: 'Anonymous' })).toBeInTheDocument();
    expect(section.queryByRole('heading', { name: 'Pending Pete' })).not.toBeInTheDocument();
    expect(section.getByText('Thanks, Ali!', { exact: false })).toHaveTextContent('Mobile Accessories: Thanks, Ali!');
    expect(section.getByText('2 reviews')).toBeInTheDocument();
    const spread = within(section.getByRole('list', { name: 'Ratings by stars' }));
    expect(spread.getAllByRole('listitem').map((row) => row.querySelector('.visually-hidden')?.textContent)).toEqual([
      '5 stars: 1',
      '4 stars: 1',
      '3 stars: 0',
      '2 stars: 0',
      '1 star: 0',
    ]);
  });

  it('shows no rating for a product without approved reviews', async () => {
    setup(armor);
    expect(await screen.findByText('No reviews yet for this product.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Ratings by stars' })).not.toBeInTheDocument();
  });

  it('logs a failed reviews call and shows no rating and no reviews', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(armor, reviewsMissing);
    expect(await screen.findByText('No reviews yet for this product.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Error fetching product reviews', expect.anything());
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: armor.name })).toBeInTheDocument();
  });

  it.each([
    ['an unknown id', () => jsonResponse({ message: 'Product not found.' }, 404)],
    ['a malformed id', () => jsonResponse({ message: "'abc' is not a valid id." }, 400)],
  ])('shows a not-found page for %s, once, without retrying', async (_case, answer) => {
    const { requested } = setup(answer, reviewsMissing);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(requested.filter((path) => path.startsWith('/api/products/'))).toHaveLength(1);
  });

  it('offers a retry when the product cannot be loaded for another reason', async () => {
    let calls = 0;
    const { user } = setup(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new TypeError('offline')) : jsonResponse(makeProduct({ _id: '6', name: 'Back online' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this product.');

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Back online' })).toBeInTheDocument();
    });
  });
});

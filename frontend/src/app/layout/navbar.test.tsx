import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { Footer } from '@/components/layouts/footer';
import { CartStoreProvider } from '@/features/cart/hooks/use-cart';
import { createCartStore } from '@/features/cart/lib/cart-store';
import { makeProduct } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';

import { Navbar } from './navbar';

const categories = [
  { _id: '1', name: 'Cases', parent: null, fullPath: 'Cases', views: 0 },
  { _id: '3', name: 'Samsung', parent: '1', fullPath: 'Cases > Samsung', views: 0 },
  { _id: '2', name: 'Chargers', parent: null, fullPath: 'Chargers', views: 0 },
];

function setup() {
  mockFetch((url) => (url.pathname === '/api/categories' ? jsonResponse(categories) : jsonResponse({ message: 'Not found' }, 404)));
  renderWithProviders(<Navbar />);
  return userEvent.setup();
}

describe('Navbar', () => {
  it('links the brand home and shows Login, Admin and the cart for a signed-out visitor', () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Mobile Accessories home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/login');
    const cart = within(nav).getByRole('link', { name: 'Cart' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart.querySelector('.cart-link__badge')).toBeNull();
  });

  it('shows the total quantity on a green cart link once the cart has items', () => {
    mockFetch(() => jsonResponse([]));
    const store = createCartStore(new MemoryStorage(), new EventTarget());
    store.add(makeProduct({ _id: 'a', stock: 5 }));
    store.increment('a');
    store.add(makeProduct({ _id: 'b' }));
    renderWithProviders(
      <CartStoreProvider value={store}>
        <Navbar />
      </CartStoreProvider>,
    );

    const cart = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveClass('cart-link--filled');
    expect(cart.querySelector('.cart-link__badge')).toHaveTextContent('3');
  });

  it('opens the category menu as a nested tree', async () => {
    const user = setup();
    const button = screen.getByRole('button', { name: 'Categories' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const cases = await screen.findByRole('button', { name: /^Cases/ });
    expect(screen.getByRole('link', { name: 'Chargers' })).toHaveAttribute('href', '/category/2');
    expect(screen.queryByRole('link', { name: 'Samsung' })).not.toBeInTheDocument();
    await user.click(cases);
    expect(screen.getByRole('link', { name: 'Samsung' })).toHaveAttribute('href', '/category/3');
  });

  it('opens the category menu on hover and closes it 150 ms after the pointer leaves', async () => {
    const user = setup();
    const button = screen.getByRole('button', { name: 'Categories' });
    await user.hover(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });
  });

  it('toggles a small-screen menu with Home, My Account, Login and Admin', async () => {
    const user = setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = within(screen.getByRole('navigation', { name: 'Menu' }));
    expect(panel.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(panel.getByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(panel.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/login');
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('closes the small-screen menu when a search is submitted', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.type(screen.getByPlaceholderText('Search accessories ...'), 'charger{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=charger');
  });
});

describe('Footer', () => {
  it('has social links, a mailto link and the copyright line', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('navigation', { name: 'Social media' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    expect(screen.getByText('2025 all rights reserved')).toBeInTheDocument();
  });
});

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

import { loadCategoryList } from '@/features/categories/components/lazy-category-list';

import { loadLogoutButton } from './lazy-logout-button';
import { loadMobileMenu, Navbar } from './navbar';

// The category lists, the small-screen menu and the signed-in links wait for lazy modules: load them now, as
// `loadPages` does for pages, so no wait below depends on how long they take to compile.
await Promise.all([loadCategoryList(), loadLogoutButton(), loadMobileMenu()]);

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
  it('links the brand home and shows Login, Sign up, Admin and the cart for a signed-out visitor', () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Mobile Accessories home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
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

  it('toggles a small-screen menu with Home, My Account, Login, Sign up and Admin', async () => {
    const user = setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = within(await screen.findByRole('navigation', { name: 'Menu' }));
    expect(panel.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(panel.getByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(panel.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
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

describe('Navbar for a signed-in customer', () => {
  function setupSignedIn(logout: () => Response | Promise<Response> = () => new Response(null, { status: 204 })) {
    const requested = mockFetch((url) => {
      if (url.pathname === '/api/auth/session') return jsonResponse({ user: { uid: 'u1', email: 'ayesha@example.com', name: 'Ayesha' } });
      if (url.pathname === '/api/auth/logout') return logout();
      return jsonResponse([]);
    });
    renderWithProviders(<Navbar />, { route: '/cart' });
    return { requested, user: userEvent.setup() };
  }

  it('shows My Orders and Logout instead of Login, Sign up and Admin', async () => {
    setupSignedIn();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('logs out from the small-screen menu: clears the user, closes the menu and goes to /login', async () => {
    const { requested, user } = setupSignedIn();
    await screen.findByRole('link', { name: 'My Orders' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = within(await screen.findByRole('navigation', { name: 'Menu' }));
    expect(panel.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');

    await user.click(panel.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(requested).toContain('/api/auth/logout');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('stays signed in and says so when the logout does not reach the shop', async () => {
    const { user } = setupSignedIn(() => Promise.reject(new TypeError('Failed to fetch')));
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));

    await user.click(await nav.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Could not log out. Please try again.')).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
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

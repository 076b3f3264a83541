import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { loadPages } from '@/testing/pages';
import { createTestQueryClient } from '@/testing/render';

import { AppProvider } from './provider';
import { AppRoutes } from './router';

const pages = await loadPages();

function renderAt(route: string) {
  // Signed in as the admin and as a customer, so guarded routes show their pages (the guards have their own tests).
  mockFetch((url) => {
    if (url.pathname === '/api/admin/check') return jsonResponse({ ok: true, email: 'owner@shop.test' });
    if (url.pathname === '/api/auth/session') return jsonResponse({ user: { uid: 'u1', email: 'ayesha@example.com', name: 'Ayesha' } });
    return jsonResponse([]);
  });
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes pages={pages} />
      </MemoryRouter>
    </AppProvider>,
  );
}

// Every route of docs/spec.md §2 and the heading its page shows.
const routes: [string, string][] = [
  ['/', 'Mobile Accessories'],
  ['/product/12', 'Product details'],
  ['/cart', 'Cart Overview'],
  ['/products', 'All Products'],
  ['/category/3', 'Category'],
  ['/search?q=%20iphone%2015%20', 'Search Results for "iphone 15"'],
  ['/login', 'Welcome Back'],
  ['/signup', 'Create Account'],
  ['/forgot-password', 'Reset Password'],
  ['/reset-password?token=abc', 'Choose a New Password'],
  ['/add-review?token=abc', 'Write a Review'],
  ['/review?token=abc', 'Write a Review'],
  ['/internal-review', 'Write a Review'],
  ['/order-confirmation', 'Order Placed — Awaiting Approval'],
  ['/confirm-order', 'Confirm Your Order'],
  ['/checkout', 'Checkout'],
  ['/orders', 'My Orders'],
  ['/admin/login', 'Admin Login'],
  ['/admin', 'Dashboard'],
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/add-category', 'Add Category'],
  ['/admin/upload-product', 'Add Product'],
  ['/admin/edit-product/12', 'Edit Product'],
  ['/admin/reviews', 'Review Requests'],
  ['/admin/manage', 'Manage Products'],
  ['/admin/products-by-category', 'Products by Category'],
  ['/admin/delivery-charge', 'Delivery Charges'],
  ['/admin/orders', 'Customer Orders'],
  ['/admin/coupons', 'Manage Coupons'],
  ['/admin/category-views', 'Category Views (Analytics)'],
  ['/admin/send-email', 'Send Email to Customer'],
  ['/admin/order-checks', 'Order Checks'],
  ['/admin/blocklist', 'Blocklist'],
  ['/no-such-page', 'Page not found'],
  ['/admin/no-such-page', 'Page not found'],
];

describe('routes', () => {
  it.each(routes)('%s shows "%s"', async (route, heading) => {
    renderAt(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows the navigation bar and footer on public pages', async () => {
    renderAt('/cart');
    await screen.findByRole('heading', { level: 1, name: 'Cart Overview' });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('2025 all rights reserved')).toBeInTheDocument();
  });
});

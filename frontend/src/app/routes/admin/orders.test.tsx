import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeAdminOrder } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import AdminOrdersRoute from './orders';

const history = (orders: { _id: string }[]) => ({
  placed: orders.length,
  delivered: 0,
  returned: 0,
  rejected: 0,
  orders: orders.map(({ _id }) => ({ _id, status: 'returned', total: 1710, name: 'Ayesha Khan', createdAt: '2026-11-20T06:00:00Z', sameAccount: true, confirmed: false })),
});

describe('/admin/orders', () => {
  it('searches afresh for an earlier order whose link was followed from the contact history', async () => {
    const lists: string[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/orders') {
        lists.push(url.search);
        const orders = url.searchParams.get('q') === '40' ? [makeAdminOrder({ _id: '40', status: 'returned' })] : [makeAdminOrder({ _id: '42' })];
        return json({ success: true, orders, total: 1 });
      }
      if (url.pathname === '/api/orders/42/related') {
        return json({ success: true, phone: '+923001234567', email: 'ayesha@example.pk', byPhone: history([{ _id: '40' }]), byEmail: history([]) });
      }
      return json({ message: 'Not found' }, 404);
    });
    renderWithProviders(<AdminOrdersRoute />, { route: '/admin/orders' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^#42/ }));
    const contact = within(await screen.findByRole('region', { name: 'Contact history' }));

    await user.click(await contact.findByRole('link', { name: '#40' }));

    expect(await screen.findByRole('article', { name: 'Order #40' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('40');
    expect(screen.queryByRole('article', { name: 'Order #42' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(lists).toEqual(['?limit=20&offset=0', '?limit=20&q=40&offset=0']);
    });
  });
});

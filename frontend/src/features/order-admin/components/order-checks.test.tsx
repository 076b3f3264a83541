import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AdminOrderResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeAdminOrder } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { AdminOrders } from './admin-orders';

const risky = () =>
  makeAdminOrder({
    _id: '42',
    risk: {
      score: 55,
      level: 'medium',
      reasons: [
        { rule: 'earlier_returns', points: 40, text: '1 earlier order from this phone or e-mail was returned.' },
        { rule: 'vague_address', points: 15, text: 'The address has no house, street or plot number.' },
      ],
    },
    confirmedAt: null,
  });

const related = {
  success: true,
  phone: '+923001234567',
  email: 'ayesha@example.pk',
  byPhone: {
    placed: 3,
    delivered: 1,
    returned: 1,
    rejected: 0,
    orders: [
      { _id: '40', status: 'returned', total: 1710, name: 'Ayesha Khan', createdAt: '2026-11-20T06:00:00Z', sameAccount: true, confirmed: false },
      { _id: '38', status: 'delivered', total: 999, name: 'Ayesha K.', createdAt: '2026-11-10T06:00:00Z', sameAccount: false, confirmed: true },
      { _id: '37', status: 'pending', total: 450, name: 'Ayesha', createdAt: '2026-11-09T06:00:00Z', sameAccount: false, confirmed: false },
    ],
  },
  byEmail: { placed: 0, delivered: 0, returned: 0, rejected: 0, orders: [] },
};

const settings = {
  success: true,
  rules: [],
  confirmWindowHours: 48,
  rejectUnconfirmedAfterHours: 24,
  limits: [],
  whatsappEnabled: false,
  whatsappConfirmationTemplate: 'order_confirmation',
  whatsappUpdateTemplate: 'order_update',
  whatsappTemplateLanguage: 'en',
  whatsappTemplateLanguageUr: 'ur',
};

interface Options {
  orders?: AdminOrderResponse[];
  reject?: () => Response;
  route?: string;
}

function setup({ orders = [risky()], reject, route = '/admin/orders' }: Options = {}) {
  const lists: string[] = [];
  const posts: { path: string; body: unknown }[] = [];
  mockFetch(async (url, request) => {
    if (url.pathname === '/api/orders' && request.method === 'GET') {
      lists.push(url.search);
      return json({ success: true, orders, total: orders.length });
    }
    if (url.pathname === '/api/orders/42/related') return json(related);
    if (url.pathname === '/api/cod/settings') return json(settings);
    if (url.pathname === '/api/orders/reject-unconfirmed' && request.method === 'POST') {
      posts.push({ path: url.pathname, body: await request.json() });
      return reject ? reject() : json({ success: true, message: 'Rejected 2 unconfirmed orders.', rejected: ['12', '15'] });
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<AdminOrders />, { route, path: '/admin/orders' });
  return { lists, posts, user: userEvent.setup() };
}

function card(id: string) {
  return within(screen.getByRole('article', { name: `Order #${id}` }));
}

describe('order checks on the admin orders page', () => {
  it('shows each order’s risk in words with its score, its reasons and whether the shopper confirmed', async () => {
    setup({ orders: [risky(), makeAdminOrder({ _id: '43', risk: { score: 0, level: 'low', reasons: [] }, confirmedAt: '2026-11-24T06:30:00Z' })] });

    await screen.findByRole('article', { name: 'Order #42' });

    expect(card('42').getByText('Medium risk · 55')).toHaveClass('risk-badge--medium');
    expect(card('42').getByText('Not confirmed')).toBeInTheDocument();
    expect(card('42').getByRole('list', { name: 'Risk reasons for order #42' })).toHaveTextContent(
      '1 earlier order from this phone or e-mail was returned. (+40)The address has no house, street or plot number. (+15)',
    );
    expect(card('43').getByText('Low risk · 0')).toBeInTheDocument();
    expect(card('43').getByText(/^Confirmed/)).toHaveTextContent('Confirmed 24 Nov 2026, 11:30');
    expect(card('43').queryByRole('list')).not.toBeInTheDocument();
  });

  it('opens an order to its contact history, each earlier order linked to its search, and the WhatsApp link', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /^#42/ }));

    const history = within(await card('42').findByRole('region', { name: 'Contact history' }));
    await history.findByText('3 other orders: 1 delivered, 1 returned, 0 rejected.');
    expect(history.getByRole('heading', { name: 'This phone (+923001234567)' })).toBeInTheDocument();
    expect(history.getByRole('heading', { name: 'This e-mail (ayesha@example.pk)' })).toBeInTheDocument();
    expect(history.getByText('No other orders.')).toBeInTheDocument();
    expect(history.getAllByRole('link', { name: /^#\d+$/ }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['#40', '/admin/orders?q=40'],
      ['#38', '/admin/orders?q=38'],
      ['#37', '/admin/orders?q=37'],
    ]);
    expect(history.getByRole('link', { name: '#40' }).parentElement).toHaveTextContent('#40 Ayesha Khan · Rs 1,710 · 20 Nov 2026, 11:00 Returned');

    const whatsApp = history.getByRole('link', { name: 'Chat on WhatsApp' });
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(whatsApp.getAttribute('href')).toBe(
      'https://wa.me/923001234567?text=' +
        encodeURIComponent(
          [
            'Assalam o Alaikum Ayesha Khan, this is about your order #42:',
            '2 x Phone Case: Rs 1,700',
            '1 x USB-C Cable: Rs 999',
            'Delivery: Rs 250',
            'Coupon FLAT200: -Rs 200',
            'Total to pay on delivery: Rs 2,749',
            'Address: House 12, Street 4, Gulberg III, Lahore',
            'Please reply YES to confirm your order.',
          ].join('\n'),
        ),
    );
  });

  it('labels each earlier order with whether it is the same account’s and confirmed, which decide whether it counts', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /^#42/ }));

    const history = within(await card('42').findByRole('region', { name: 'Contact history' }));
    await history.findByText('3 other orders: 1 delivered, 1 returned, 0 rejected.');

    expect(['#40', '#38', '#37'].map((id) => history.getByRole('link', { name: id }).parentElement?.textContent)).toEqual([
      '#40 Ayesha Khan · Rs 1,710 · 20 Nov 2026, 11:00 Returned Same account, not confirmed',
      '#38 Ayesha K. · Rs 999 · 10 Nov 2026, 11:00 Delivered Another account, confirmed',
      '#37 Ayesha · Rs 450 · 9 Nov 2026, 11:00 Pending Another account, not confirmed',
    ]);
    expect(history.getByText('Returns and rejections count towards the risk score only when they were the same account’s or confirmed.')).toBeInTheDocument();
  });

  it('searches for the order named in the address, ?q=', async () => {
    const { lists } = setup({ route: '/admin/orders?q=40' });

    await screen.findByRole('article', { name: 'Order #42' });

    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('40');
    expect(lists).toEqual(['?limit=20&q=40&offset=0']);
  });

  it('sorts by risk and filters by the lowest risk and by confirmation', async () => {
    const { user, lists } = setup();
    await screen.findByRole('article', { name: 'Order #42' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Highest risk');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Risk' }), 'High (60+)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Confirmation' }), 'Not confirmed');

    await waitFor(() => {
      expect(lists.at(-1)).toBe('?limit=20&sort=risk&minRisk=60&confirmed=false&offset=0');
    });
    expect(lists[0]).toBe('?limit=20&offset=0');
  });

  it('rejects the unconfirmed orders only once asked, and shows the server’s message', async () => {
    const { user, posts, lists } = setup();
    await screen.findByRole('article', { name: 'Order #42' });

    await user.click(screen.getByRole('button', { name: 'Reject unconfirmed orders' }));
    const ask = within(screen.getByRole('group', { name: 'Reject unconfirmed orders' }));
    await ask.findByText('Reject every pending order not confirmed within 24 hours? Each is restocked and its shopper e-mailed.');
    await user.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reject unconfirmed orders' }));
    await user.click(screen.getByRole('button', { name: 'Yes, reject them' }));

    expect(await screen.findByText('Rejected 2 unconfirmed orders.')).toHaveClass('admin-message--success');
    expect(posts).toEqual([{ path: '/api/orders/reject-unconfirmed', body: {} }]);
    await waitFor(() => {
      expect(lists).toHaveLength(2);
    });
    expect(screen.getByRole('button', { name: 'Reject unconfirmed orders' })).toBeInTheDocument();
  });

  it('shows a refusal of the bulk rejection', async () => {
    const { user } = setup({ reject: () => json({ message: 'Admin access required.' }, 403) });
    await screen.findByRole('article', { name: 'Order #42' });

    await user.click(screen.getByRole('button', { name: 'Reject unconfirmed orders' }));
    await user.click(screen.getByRole('button', { name: 'Yes, reject them' }));

    expect(await screen.findByText('❌ Admin access required.')).toHaveClass('admin-message--error');
  });

  it('links to the order checks and the blocklist', async () => {
    setup();
    const nav = within(await screen.findByRole('navigation', { name: 'Order checks' }));
    expect(nav.getByRole('link', { name: 'Order checks' })).toHaveAttribute('href', '/admin/order-checks');
    expect(nav.getByRole('link', { name: 'Blocklist' })).toHaveAttribute('href', '/admin/blocklist');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { OrderResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeOrder } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { MyOrders } from './my-orders';

/** Answers GET /api/orders/user/7 from `orders`, a page at a time as limit and offset say. */
function setup(orders: OrderResponse[], { status = 200 }: { status?: number } = {}) {
  const queries: string[] = [];
  mockFetch((url) => {
    if (url.pathname !== '/api/orders/user/7') return json({ message: 'Not found' }, 404);
    queries.push(url.search);
    if (status !== 200) return json({ message: 'Not signed in.' }, status);
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return json({ success: true, orders: orders.slice(offset, offset + limit), total: orders.length, confirmWithinHours: 24 });
  });
  renderWithProviders(<MyOrders uid="7" />, { route: '/orders' });
  return { queries, user: userEvent.setup() };
}

function card(id: string) {
  return within(screen.getByRole('article', { name: `Order #${id}` }));
}

describe('MyOrders', () => {
  it('shows each order collapsed: id, item count, total and the status in words and colour (approved is not red)', async () => {
    setup([
      makeOrder({ _id: '1', status: 'pending' }),
      makeOrder({ _id: '2', status: 'dispatched', cart: [{ productId: '5', name: 'Cable', quantity: 1, price: 500, lineTotal: 500 }], total: 750 }),
      makeOrder({ _id: '3', status: 'delivered' }),
      makeOrder({ _id: '4', status: 'rejected' }),
      makeOrder({ _id: '5', status: 'approved' }),
    ]);

    const toggle = await screen.findByRole('button', { name: /Order #1/ });
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('Order #13 items · Rs 2,749Pending');
    expect(card('2').getByRole('button', { name: /^Order #/ })).toHaveTextContent('1 item · Rs 750');
    const badges = ['1', '2', '3', '4', '5'].map((id) =>
      within(card(id).getByRole('button', { name: /^Order #/ })).getByText(/^(Pending|Dispatched|Delivered|Rejected|Approved)$/),
    );
    expect(badges.map((badge) => [badge.textContent, badge.className])).toEqual([
      ['Pending', 'order-status order-status--yellow'],
      ['Dispatched', 'order-status order-status--blue'],
      ['Delivered', 'order-status order-status--green'],
      ['Rejected', 'order-status order-status--red'],
      ['Approved', 'order-status order-status--teal'],
    ]);
    expect(card('1').queryByText('Items')).not.toBeVisible();
  });

  it('expands an order to its items, address, figures and history with the rejection reason', async () => {
    const { user } = setup([
      makeOrder({
        _id: '9',
        status: 'rejected',
        adminComment: 'Address could not be reached.',
        history: [
          { status: 'pending', at: '2026-11-24T06:00:00Z', comment: null },
          { status: 'rejected', at: '2026-11-24T09:30:00Z', comment: 'Address could not be reached.' },
        ],
      }),
    ]);
    const toggle = await screen.findByRole('button', { name: /Order #9/ });

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const order = card('9');
    const items = within(order.getByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Phone Case × 2Rs 850 × 2', 'USB-C Cable × 1Rs 999 × 1']);
    expect(order.getByRole('region', { name: 'Delivery address' })).toHaveTextContent(
      'Ayesha KhanHouse 12, Street 4, Gulberg IIILahore, Punjab',
    );
    const payment = within(order.getByRole('region', { name: 'Payment' }));
    const value = (term: string) => payment.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Subtotal')).toBe('Rs 2,699');
    expect(value('Delivery')).toBe('Rs 250');
    expect(value('Coupon (FLAT200)')).toBe('- Rs 200');
    expect(value('Total')).toBe('Rs 2,749');
    const history = within(order.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((entry) => entry.textContent)).toEqual([
      'Pending 24 Nov 2026, 11:00',
      'Rejected 24 Nov 2026, 14:30Reason: Address could not be reached.',
    ]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows delivery as 'Free' at 0 and no coupon line without a coupon", async () => {
    const { user } = setup([makeOrder({ _id: '3', deliveryCharge: 0, coupon: null, couponDiscount: 0, total: 2699 })]);
    await user.click(await screen.findByRole('button', { name: /Order #3/ }));

    const payment = within(card('3').getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Delivery').nextElementSibling).toHaveTextContent('Free');
    expect(payment.queryByText(/Coupon/)).not.toBeInTheDocument();
  });

  it('loads further orders a page at a time while fewer are shown than there are', async () => {
    const orders = Array.from({ length: 23 }, (_, index) => makeOrder({ _id: String(100 - index) }));
    const { user, queries } = setup(orders);
    await screen.findByRole('button', { name: /Order #100/ });
    expect(screen.getAllByRole('article')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(20);
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(23);
    });

    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(queries).toEqual(['?limit=10&offset=0', '?limit=10&offset=10', '?limit=10&offset=20']);
  });

  it('says so when there are no orders yet', async () => {
    setup([]);
    expect(await screen.findByText('You haven’t placed any orders yet.')).toBeInTheDocument();
  });

  it('says the shopper must be logged in when the API answers 401', async () => {
    setup([], { status: 401 });
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be logged in to view your orders.');
  });

  it('shows the courier and tracking number of a dispatched or delivered order, collapsed too', async () => {
    const tracked = { courier: 'Leopards', trackingNumber: 'LE123456789' };
    setup([
      makeOrder({ _id: '1', status: 'dispatched', ...tracked }),
      makeOrder({ _id: '2', status: 'delivered', courier: 'TCS', trackingNumber: '7712-0045' }),
      makeOrder({ _id: '3', status: 'approved', ...tracked }),
      makeOrder({ _id: '4', status: 'dispatched' }),
    ]);

    expect(await screen.findByText('Courier: Leopards, tracking number LE123456789')).toBeVisible();
    expect(card('1').getByText('Courier: Leopards, tracking number LE123456789')).toBeVisible();
    expect(card('2').getByText('Courier: TCS, tracking number 7712-0045')).toBeVisible();
    expect(card('3').queryByText(/Courier:/)).not.toBeInTheDocument();
    expect(card('4').queryByText(/Courier:|tracking number/i)).not.toBeInTheDocument();
  });

  it("says whether a pending order is confirmed, and confirms one with 'Confirm my order'; 'already confirmed' is good news", async () => {
    const posted: string[] = [];
    let confirmed = false;
    mockFetch((url, request) => {
      if (request.method === 'POST') {
        posted.push(url.pathname);
        if (url.pathname === '/api/orders/9/confirm-mine') {
          confirmed = true;
          return json({ success: true, message: 'Thank you! Your order #9 is confirmed.', orderId: '9' });
        }
        return json({ message: 'This order is already confirmed.' }, 410);
      }
      return json({
        success: true,
        orders: [
          makeOrder({ _id: '9', status: 'pending', confirmedAt: confirmed ? '2026-11-27T10:00:00Z' : null }),
          makeOrder({ _id: '8', status: 'pending', confirmedAt: '2026-11-27T09:00:00Z' }),
          makeOrder({ _id: '7', status: 'pending', confirmedAt: null }),
          makeOrder({ _id: '6', status: 'approved', confirmedAt: null }),
        ],
        total: 4,
        confirmWithinHours: 24,
      });
    });
    renderWithProviders(<MyOrders uid="7" />, { route: '/orders' });
    const user = userEvent.setup();

    await screen.findByRole('article', { name: 'Order #9' });
    expect(card('8').getByText('✓ Confirmed by you')).toBeInTheDocument();
    expect(card('6').queryByRole('button', { name: 'Confirm my order' })).not.toBeInTheDocument();
    await user.click(card('9').getByRole('button', { name: 'Confirm my order' }));
    expect(await card('9').findByText('✓ Thank you! Your order #9 is confirmed.')).toHaveClass('order-card__confirmation-result--success');
    await user.click(card('7').getByRole('button', { name: 'Confirm my order' }));
    const already = await card('7').findByText('✓ This order is already confirmed.');

    expect(already).toHaveClass('order-card__confirmation-result--success');
    expect(already).toHaveAttribute('role', 'status');
    expect(posted).toEqual(['/api/orders/9/confirm-mine', '/api/orders/7/confirm-mine']);
  });

  it("tells a shopper the shop's WhatsApp message awaits their Confirm, and says an order confirmed on WhatsApp is confirmed", async () => {
    mockFetch(() =>
      json({
        success: true,
        orders: [
          makeOrder({ _id: '12', status: 'pending', confirmedAt: null, whatsappTo: '0300 1234567', createdAt: '2026-11-27T06:00:00Z' }),
          makeOrder({ _id: '11', status: 'pending', confirmedAt: '2026-11-27T09:00:00Z', confirmedVia: 'whatsapp', whatsappTo: '0300 1234567' }),
          makeOrder({ _id: '10', status: 'pending', confirmedAt: '2026-11-27T08:00:00Z', confirmedVia: 'link', whatsappTo: '0300 1234567' }),
          makeOrder({ _id: '9', status: 'pending', confirmedAt: null, whatsappTo: null }),
        ],
        total: 4,
        confirmWithinHours: 24,
      }),
    );
    renderWithProviders(<MyOrders uid="7" />, { route: '/orders' });

    await screen.findByRole('article', { name: 'Order #12' });
    expect(card('12').getByText("We've sent a WhatsApp message to 0300 1234567: tap Confirm by 28 Nov 2026, 11:00.")).toBeInTheDocument();
    expect(card('12').getByText('Not confirmed yet: please confirm it, or open the link we e-mailed you.')).toBeInTheDocument();
    expect(card('12').getByRole('button', { name: 'Confirm my order' })).toBeInTheDocument();
    expect(card('11').getByText('✓ Confirmed by you on WhatsApp')).toBeInTheDocument();
    expect(card('11').queryByText(/WhatsApp message/)).not.toBeInTheDocument();
    expect(card('10').getByText('✓ Confirmed by you')).toBeInTheDocument();
    expect(card('9').queryByText(/WhatsApp/)).not.toBeInTheDocument();
    expect(card('9').getByRole('button', { name: 'Confirm my order' })).toBeInTheDocument();
  });
});

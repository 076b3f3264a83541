import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { OrderResponse, OrderStatus } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeOrder } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { AdminOrders } from './admin-orders';

type ChangeAnswer = (id: string, body: { status: string; comment?: string }) => Response | Promise<Response>;

/** An order as the admin's answers carry it: with its risk score and its account's e-mail (unless given). */
const asAdmin = (order: OrderResponse | undefined) => ({
  risk: { score: 0, level: 'low', reasons: [] },
  accountEmail: order?.userDetails.email,
  ...order,
});

/** A shop whose GET /api/orders searches `orders` as the server does, and whose status changes answer `change`. */
function setup(orders: OrderResponse[], change?: ChangeAnswer) {
  const lists: string[] = [];
  const changes: { id: string; body: { status: string; comment?: string } }[] = [];
  mockFetch(async (url, request) => {
    if (url.pathname === '/api/orders' && request.method === 'GET') {
      lists.push(url.search);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const status = url.searchParams.get('status');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const found = orders.filter(
        (order) =>
          (!status || order.status === status) &&
          [order._id, order.userDetails.name, order.userDetails.phone1, order.userDetails.email, order.status].some((text) =>
            text.toLowerCase().includes(q),
          ),
      );
      return json({ success: true, orders: found.slice(offset, offset + limit).map(asAdmin), total: found.length });
    }
    const id = /^\/api\/orders\/(\d+)\/status$/.exec(url.pathname)?.[1];
    if (id !== undefined && request.method === 'PUT') {
      const body = (await request.json()) as { status: OrderStatus; comment?: string };
      changes.push({ id, body });
      if (change) return change(id, body);
      const order = orders.find((o) => o._id === id);
      if (order) order.status = body.status;
      return json({ success: true, message: 'Order status updated.', order: { ...asAdmin(order), status: body.status } });
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<AdminOrders />, { route: '/admin/orders' });
  return { lists, changes, user: userEvent.setup() };
}

function order(id: string) {
  return within(screen.getByRole('article', { name: `Order #${id}` }));
}

async function expand(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^#${id}(?!\\d)`) }));
  return order(id);
}

describe('AdminOrders', () => {
  it('lists the orders with their customer, total, date and worded status', async () => {
    setup([makeOrder({ _id: '7', status: 'dispatched' })]);

    const toggle = await screen.findByRole('button', { name: /^#7/ });

    expect(toggle).toHaveTextContent('#7Ayesha KhanRs 2,749 · 24 Nov 2026, 11:00Dispatched');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Showing 1 of 1 orders')).toBeInTheDocument();
  });

  it('expands an order to its customer, phones, e-mail, address, items, figures, coupon and history', async () => {
    const { user } = setup([
      makeOrder({ _id: '8', userDetails: { ...makeOrder().userDetails, phone2: '+924235761234' } }),
    ]);

    const detail = await expand(user, '8');

    const customer = within(detail.getByRole('region', { name: 'Customer' }));
    expect(customer.getByRole('link', { name: '+923001234567' })).toHaveAttribute('href', 'tel:+923001234567');
    expect(customer.getByRole('link', { name: '+924235761234' })).toBeInTheDocument();
    expect(customer.getByRole('link', { name: 'ayesha@example.pk' })).toHaveAttribute('href', 'mailto:ayesha@example.pk');
    expect(customer.getByText('Address').nextElementSibling).toHaveTextContent('House 12, Street 4, Gulberg IIILahore, Punjab');
    expect(within(detail.getByRole('region', { name: 'Items' })).getAllByRole('listitem')).toHaveLength(2);
    const figures = within(detail.getByRole('region', { name: 'Figures' }));
    expect(figures.getByText('Coupon (FLAT200)').nextElementSibling).toHaveTextContent('- Rs 200');
    expect(figures.getByText('Total').nextElementSibling).toHaveTextContent('Rs 2,749');
    expect(within(detail.getByRole('region', { name: 'History' })).getByRole('listitem')).toHaveTextContent('Pending 24 Nov 2026, 11:00');
  });

  it('shows each phone as the shopper typed it beside its normal form', async () => {
    const { user } = setup([
      makeOrder({
        _id: '9',
        userDetails: { ...makeOrder().userDetails, phone1Typed: '۰۳۰۰-۱۲۳۴۵۶۷', phone2: '+924235761234', phone2Typed: '+924235761234' },
      }),
    ]);

    const detail = await expand(user, '9');

    const customer = within(detail.getByRole('region', { name: 'Customer' }));
    expect(customer.getByText('Phone').nextElementSibling).toHaveTextContent('+923001234567 (typed ۰۳۰۰-۱۲۳۴۵۶۷)');
    expect(customer.getByText('Second phone').nextElementSibling).toHaveTextContent(/^\+924235761234$/);
  });

  it("shows the account's e-mail, where mails go, and an e-mail typed at checkout that differs as not mailed", async () => {
    const typed = makeOrder({ _id: '10', userDetails: { ...makeOrder().userDetails, email: 'stranger@example.pk' } });
    const { user } = setup([{ ...typed, accountEmail: 'ayesha@example.pk' } as OrderResponse]);

    const detail = await expand(user, '10');

    const customer = within(detail.getByRole('region', { name: 'Customer' }));
    expect(customer.getByText('Email').nextElementSibling).toHaveTextContent('ayesha@example.pk');
    expect(customer.getByRole('link', { name: 'ayesha@example.pk' })).toHaveAttribute('href', 'mailto:ayesha@example.pk');
    expect(customer.getByText('Typed at checkout').nextElementSibling).toHaveTextContent('stranger@example.pk (not mailed)');
    expect(customer.queryByRole('link', { name: 'stranger@example.pk' })).not.toBeInTheDocument();
  });

  it("shows no second e-mail when the one typed at checkout is the account's", async () => {
    const { user } = setup([makeOrder({ _id: '11' })]);

    const detail = await expand(user, '11');

    expect(within(detail.getByRole('region', { name: 'Customer' })).queryByText('Typed at checkout')).not.toBeInTheDocument();
  });

  it.each<[OrderStatus, string[]]>([
    ['pending', ['Approve', 'Reject']],
    ['approved', ['Dispatch', 'Reject']],
    ['dispatched', ['Deliver', 'Return & Restock']],
    ['delivered', []],
    ['rejected', []],
    ['returned', []],
  ])('offers a %s order the actions %j', async (status, labels) => {
    const { user } = setup([makeOrder({ _id: '9', status })]);

    const detail = await expand(user, '9');

    const group = detail.queryByRole('group', { name: 'Actions for order #9' });
    expect(group ? within(group).getAllByRole('button').map((button) => button.textContent) : []).toEqual(labels);
  });

  it('approves an order, says so and shows its new status', async () => {
    const { user, changes } = setup([makeOrder({ _id: '10' })]);
    const detail = await expand(user, '10');

    await user.click(detail.getByRole('button', { name: 'Approve' }));

    expect(await detail.findByText('Order status updated.')).toHaveClass('admin-message--success');
    expect(changes).toEqual([{ id: '10', body: { status: 'approved' } }]);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /^#10/ })).toHaveTextContent('Approved');
    });
    expect(within(detail.getByRole('group')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dispatch', 'Reject']);
  });

  it('asks for a reason before rejecting, and sends nothing without one', async () => {
    const { user, changes } = setup([makeOrder({ _id: '11' })]);
    const detail = await expand(user, '11');

    await user.click(detail.getByRole('button', { name: 'Reject' }));
    const form = within(detail.getByRole('form', { name: 'Reject order #11' }));
    await user.type(form.getByRole('textbox', { name: 'Rejection reason' }), '   ');
    await user.click(form.getByRole('button', { name: 'Confirm Rejection' }));

    expect(changes).toEqual([]);
    const reason = form.getByRole('textbox', { name: 'Rejection reason' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Rejection reason is required.');
    expect(reason).toHaveFocus();

    await user.type(reason, 'Out of delivery area');
    await user.click(form.getByRole('button', { name: 'Confirm Rejection' }));

    expect(await detail.findByText('Order status updated.')).toBeInTheDocument();
    expect(changes).toEqual([{ id: '11', body: { status: 'rejected', comment: 'Out of delivery area' } }]);
    expect(detail.queryByRole('form')).not.toBeInTheDocument();
  });

  it('cancels a rejection', async () => {
    const { user, changes } = setup([makeOrder({ _id: '12' })]);
    const detail = await expand(user, '12');
    await user.click(detail.getByRole('button', { name: 'Reject' }));

    await user.click(detail.getByRole('button', { name: 'Cancel' }));

    expect(detail.queryByRole('form')).not.toBeInTheDocument();
    expect(changes).toEqual([]);
  });

  it("shows the server's refusal, else 'Failed to update order status', and 'An error occurred.' without an answer", async () => {
    let answer: () => Response | Promise<Response> = () => json({ message: 'This order is already approved.' }, 409);
    const { user } = setup([makeOrder({ _id: '13', status: 'dispatched' })], () => answer());
    const detail = await expand(user, '13');

    const confirm = async (action: string, button: string) => {
      await user.click(detail.getByRole('button', { name: action }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: button }));
    };

    await confirm('Deliver', 'Mark delivered');
    expect(await detail.findByText('This order is already approved.')).toHaveClass('admin-message--error');

    answer = () => new Response('', { status: 500 });
    await confirm('Return & Restock', 'Return & Restock');
    expect(await detail.findByText('Failed to update order status')).toBeInTheDocument();

    answer = () => Promise.reject(new TypeError('offline'));
    await confirm('Deliver', 'Mark delivered');
    expect(await detail.findByText('An error occurred.')).toBeInTheDocument();
  });

  it("asks before 'Return & Restock', naming the order and what happens; Cancel leaves it, the confirm does it", async () => {
    const { user, changes } = setup([makeOrder({ _id: '12', status: 'dispatched' })]);
    const detail = await expand(user, '12');

    await user.click(detail.getByRole('button', { name: 'Return & Restock' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Mark #12 returned?' });
    expect(dialog).toHaveAccessibleDescription('3 items go back into stock and Ayesha Khan is e-mailed. This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(detail.getByRole('button', { name: 'Return & Restock' })).toHaveFocus();
    expect(changes).toEqual([]);

    await user.click(detail.getByRole('button', { name: 'Deliver' }));
    expect(screen.getByRole('alertdialog', { name: 'Mark #12 delivered?' })).toHaveAccessibleDescription(
      'Rs 2,749 counts as cash collected and Ayesha Khan is e-mailed a link to review each item. This cannot be undone.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(changes).toEqual([]);

    await user.click(detail.getByRole('button', { name: 'Return & Restock' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Return & Restock' }));
    await waitFor(() => {
      expect(changes).toEqual([{ id: '12', body: { status: 'returned' } }]);
    });
  });

  it('says what a rejection does above its reason', async () => {
    const { user } = setup([makeOrder({ _id: '14' })]);
    const detail = await expand(user, '14');

    await user.click(detail.getByRole('button', { name: 'Reject' }));

    expect(detail.getByRole('form', { name: 'Reject order #14' })).toHaveTextContent(
      'Reject #14? 3 items go back into stock and Ayesha Khan is e-mailed the reason. This cannot be undone.',
    );
  });

  it('keeps the order the owner opened open when a later search leaves it out', async () => {
    const { user } = setup([
      makeOrder({ _id: '30', userDetails: { ...makeOrder().userDetails, name: 'Sana Malik' } }),
      makeOrder({ _id: '31', userDetails: { ...makeOrder().userDetails, name: 'Sadia Khan' } }),
    ]);
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    await user.type(box, 'Sa');
    await screen.findByText('Showing 2 of 2 orders');
    const detail = await expand(user, '31');
    expect(screen.getByRole('button', { name: /^#31/ })).toHaveAttribute('aria-expanded', 'true');

    await user.type(box, 'na');

    expect(await screen.findByText('Showing 1 of 1 orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^#31/ })).toHaveAttribute('aria-expanded', 'true');
    expect(detail.getByText('Open: not in these results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^#30/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('takes its status and confirmation filters from the address (the dashboard links)', async () => {
    const lists: string[] = [];
    mockFetch((url) => {
      lists.push(url.search);
      return json({ success: true, orders: [], total: 0 });
    });
    renderWithProviders(<AdminOrders />, { route: '/admin/orders?status=pending&confirmed=false' });

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(screen.getByRole('combobox', { name: 'Confirmation' })).toHaveValue('false');
    expect(lists.at(-1)).toContain('status=pending');
    expect(lists.at(-1)).toContain('confirmed=false');
  });

  it('searches on the server once the typing pauses, and filters by status', async () => {
    const { user, lists } = setup([
      makeOrder({ _id: '20', userDetails: { ...makeOrder().userDetails, name: 'Bilal', phone1: '+923111111111' } }),
      makeOrder({ _id: '21', status: 'delivered' }),
    ]);
    await screen.findByRole('button', { name: /^#20/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '3111');

    await waitFor(() => {
      expect(screen.queryByRole('button', { name: /^#21/ })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: /^#20/ })).toBeInTheDocument();
    expect(lists).toEqual(['?limit=20&offset=0', '?limit=20&q=3111&offset=0']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Delivered');
    expect(await screen.findByRole('button', { name: /^#21/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^#20/ })).not.toBeInTheDocument();
    expect(lists.at(-1)).toBe('?limit=20&status=delivered&offset=0');
  });

  it('loads further orders a page at a time', async () => {
    const { user } = setup(Array.from({ length: 25 }, (_, index) => makeOrder({ _id: String(200 - index) })));
    await screen.findByRole('button', { name: /^#200/ });
    expect(screen.getAllByRole('article')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(25);
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when no order matches', async () => {
    setup([]);
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeOrder, makeReview } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import OrdersRoute from './orders';

const customer = { uid: '7', email: 'ayesha@example.pk', name: 'Ayesha Khan' };

function setup() {
  const reviewed = [{ productId: '12', orderId: '1' }];
  const statusCalls: string[] = [];
  mockFetch((url) => {
    switch (url.pathname) {
      case '/api/auth/session':
        return json({ user: customer });
      case '/api/orders/user/7':
        return json({ success: true, orders: [makeOrder({ _id: '1', status: 'delivered' }), makeOrder({ _id: '2', status: 'dispatched' })], total: 2, confirmWithinHours: 24 });
      case '/api/review-tokens/status':
        statusCalls.push(url.search);
        return json({ success: true, reviewed });
      case '/api/reviews/internal-submit':
        reviewed.push({ productId: '13', orderId: '1' });
        return json({ success: true, message: 'Thank you for your review!', review: makeReview({ status: 'pending' }) }, 201);
      default:
        return json({ message: 'No such resource.' }, 404);
    }
  });
  renderWithProviders(<OrdersRoute />, { route: '/orders' });
  return { statusCalls, user: userEvent.setup() };
}

describe('My Orders with reviews', () => {
  it("offers 'Write Review' for the items of a delivered order, 'Reviewed' for a reviewed one, nothing before delivery", async () => {
    const { statusCalls, user } = setup();
    const delivered = within(await screen.findByRole('article', { name: 'Order #1' }));
    await user.click(delivered.getByRole('button', { name: /^Order #1/ }));
    const items = within(delivered.getByRole('region', { name: 'Items' }));
    expect(await items.findByText('Reviewed')).toBeInTheDocument();
    expect(items.getByRole('button', { name: 'Write Review of USB-C Cable' })).toBeInTheDocument();
    expect(items.queryByRole('button', { name: 'Write Review of Phone Case' })).not.toBeInTheDocument();
    expect(statusCalls).toEqual(['?userId=7']);

    const dispatched = within(screen.getByRole('article', { name: 'Order #2' }));
    expect(dispatched.queryByRole('button', { name: /Write Review/, hidden: true })).not.toBeInTheDocument();

    await user.click(items.getByRole('button', { name: 'Write Review of USB-C Cable' }));
    const form = within(items.getByRole('form', { name: 'Review of USB-C Cable' }));
    await user.type(form.getByLabelText('Comment'), 'Charges fast.');
    await user.click(form.getByRole('button', { name: 'Submit Review' }));

    expect(await items.findByText('Thank you for your review!')).toBeInTheDocument();
    expect(items.getAllByText('Reviewed')).toHaveLength(2);
    expect(items.queryByRole('button', { name: /Write Review/ })).not.toBeInTheDocument();
  });
});

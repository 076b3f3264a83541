import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import ConfirmOrderRoute from './confirm-order';

function setup(route: string, answer: () => Response | Promise<Response>) {
  const posts: { path: string; body: unknown }[] = [];
  mockFetch(async (url, request) => {
    if (request.method === 'POST') posts.push({ path: url.pathname, body: await request.json() });
    return answer();
  });
  const view = renderWithProviders(<ConfirmOrderRoute />, { route });
  return { posts, view, user: userEvent.setup() };
}

describe('/confirm-order', () => {
  it('posts the token once and thanks the shopper', async () => {
    const { posts, view } = setup('/confirm-order?order=42&token=abc_DEF-123', () =>
      json({ success: true, message: 'Thank you! Your order #42 is confirmed.', orderId: '42' }),
    );

    expect(await screen.findByText('Thank you! Your order #42 is confirmed.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm Your Order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    view.rerender(<ConfirmOrderRoute />);
    expect(posts).toEqual([{ path: '/api/orders/42/confirm', body: { token: 'abc_DEF-123' } }]);
  });

  it("shows 'already confirmed' as good news, not an error", async () => {
    setup('/confirm-order?order=42&token=abc', () => json({ message: 'This order is already confirmed.' }, 410));

    const status = await screen.findByText('This order is already confirmed.');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveClass('confirm-order__message--success');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [410, 'This confirmation link has expired.'],
    [404, 'This confirmation link is not valid.'],
  ])('shows a %i refusal in words: %s', async (status, message) => {
    setup('/confirm-order?order=42&token=abc', () => json({ message }, status));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it.each(['/confirm-order', '/confirm-order?order=42', '/confirm-order?token=abc', '/confirm-order?order=4x2&token=abc'])(
    'calls %s not valid without asking the server',
    async (route) => {
      const { posts } = setup(route, () => json({}));

      expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid.');
      expect(posts).toEqual([]);
    },
  );

  it('offers to try again when the shop cannot be reached', async () => {
    let reachable = false;
    const { posts, user } = setup('/confirm-order?order=42&token=abc', () =>
      reachable ? json({ success: true, message: 'Thank you! Your order #42 is confirmed.', orderId: '42' }) : Promise.reject(new TypeError('offline')),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the shop to confirm your order. Please try again.');
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Thank you! Your order #42 is confirmed.')).toHaveAttribute('role', 'status');
    expect(posts).toHaveLength(2);
  });
});

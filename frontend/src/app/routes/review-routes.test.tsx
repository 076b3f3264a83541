import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import AddReviewRoute from './add-review';
import InternalReviewRoute from './internal-review';

function serve() {
  const requested: string[] = [];
  mockFetch((url) => {
    requested.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/review-tokens/verify') return json({ productName: 'USB-C Cable', productId: '13', userId: '7' });
    if (url.pathname === '/api/auth/session') return json({ user: { uid: '7', email: 'ayesha@example.pk', name: 'Ayesha Khan' } });
    return json({ message: 'No such resource.' }, 404);
  });
  return requested;
}

describe('review routes', () => {
  it.each(['/add-review', '/review'])('%s reads the token from ?token= and verifies it', async (path) => {
    const requested = serve();
    renderWithProviders(<AddReviewRoute />, { route: `${path}?token=tok_123`, path });
    expect(await screen.findByRole('form', { name: 'Review of USB-C Cable' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Write a Review' })).toBeInTheDocument();
    expect(requested).toEqual(['/api/review-tokens/verify?token=tok_123']);
  });

  it("says 'Missing review token.' without ?token=", () => {
    const requested = serve();
    renderWithProviders(<AddReviewRoute />, { route: '/review', path: '/review' });
    expect(screen.getByRole('alert')).toHaveTextContent('Missing review token.');
    expect(requested).toEqual([]);
  });

  it('/internal-review shows the internal form for the item in its query, with rating 5 and the name filled in', async () => {
    serve();
    renderWithProviders(<InternalReviewRoute />, { route: '/internal-review?productId=13&orderId=40&name=USB-C%20Cable', path: '/internal-review' });
    const form = within(await screen.findByRole('form', { name: 'Review of USB-C Cable' }));
    expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(await form.findByDisplayValue('Ayesha Khan')).toBeInTheDocument();
  });

  it('/internal-review without an item points to My Orders', () => {
    serve();
    renderWithProviders(<InternalReviewRoute />, { route: '/internal-review', path: '/internal-review' });
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

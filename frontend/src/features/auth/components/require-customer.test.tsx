import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { RequireCustomer } from './require-customer';

function renderGuarded(answer: () => Response | Promise<Response>) {
  const requested = mockFetch(answer);
  renderWithProviders(
    <RequireCustomer>
      <h1>Checkout</h1>
    </RequireCustomer>,
    { route: '/checkout?step=1' },
  );
  return requested;
}

describe('RequireCustomer', () => {
  it("shows 'Loading...' while the login is checked", () => {
    renderGuarded(() => new Promise<Response>(() => undefined));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in customer', async () => {
    const requested = renderGuarded(() => json({ user: { uid: 'u1', email: 'ayesha@example.com', name: 'Ayesha' } }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(requested).toEqual(['/api/auth/session']);
  });

  it('sends a signed-out shopper to /login', async () => {
    renderGuarded(() => json({ user: null }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('offers to try again when the check itself fails', async () => {
    let attempt = 0;
    renderGuarded(() =>
      ++attempt === 1 ? json({ message: 'Internal error' }, 500) : json({ user: { uid: 'u1', email: 'a@b.pk', name: 'A' } }),
    );

    expect(await screen.findByText('Could not check your login. Please try again.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
  });
});

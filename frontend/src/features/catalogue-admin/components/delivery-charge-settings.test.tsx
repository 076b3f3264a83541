import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { DeliveryChargeSettings } from './delivery-charge-settings';

type Answer = (body: unknown) => Response | Promise<Response>;

function setup({ current = json({ deliveryCharge: 250 }), save }: { current?: Response; save?: Answer } = {}) {
  const saves: { body: unknown; credentials: RequestCredentials }[] = [];
  mockFetch(async (url, request) => {
    if (url.pathname === '/api/settings/delivery-charge' && request.method === 'GET') return current;
    if (url.pathname === '/api/settings/delivery-charge' && request.method === 'PUT') {
      const body: unknown = await request.json();
      saves.push({ body, credentials: request.credentials });
      return save ? save(body) : json(body);
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<DeliveryChargeSettings />, { route: '/admin/delivery-charge' });
  return { saves, user: userEvent.setup() };
}

async function saveCharge(user: ReturnType<typeof userEvent.setup>, value: string) {
  const input = await screen.findByRole('spinbutton', { name: 'Delivery charge (Rs)' });
  await user.clear(input);
  if (value !== '') await user.type(input, value);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('DeliveryChargeSettings', () => {
  it('shows the charge in force', async () => {
    setup();
    expect(await screen.findByRole('spinbutton', { name: 'Delivery charge (Rs)' })).toHaveValue(250);
    expect(screen.queryByText('Could not load delivery charge.')).not.toBeInTheDocument();
  });

  it('says when the charge cannot be loaded, and still lets the owner set one', async () => {
    setup({ current: json({ message: 'Internal server error.' }, 500) });
    expect(await screen.findByText('Could not load delivery charge.')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Delivery charge (Rs)' })).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('saves a new charge with the admin cookie and says so', async () => {
    const { saves, user } = setup();

    await saveCharge(user, '300');

    expect(await screen.findByText('✅ Delivery charge updated successfully.')).toHaveClass('admin-message--success');
    expect(saves).toEqual([{ body: { deliveryCharge: 300 }, credentials: 'include' }]);
    expect(screen.getByRole('spinbutton', { name: 'Delivery charge (Rs)' })).toHaveValue(300);
  });

  it('shows the charge the server keeps (whole rupees)', async () => {
    const { saves, user } = setup({ save: () => json({ deliveryCharge: 100 }) });

    await saveCharge(user, '99.5');

    expect(await screen.findByText('✅ Delivery charge updated successfully.')).toBeInTheDocument();
    expect(saves[0]?.body).toEqual({ deliveryCharge: 99.5 });
    expect(screen.getByRole('spinbutton', { name: 'Delivery charge (Rs)' })).toHaveValue(100);
  });

  it.each([
    ['a negative number', '-5'],
    ['nothing', ''],
  ])('refuses %s without asking the server', async (_, value) => {
    const { saves, user } = setup();

    await saveCharge(user, value);

    const message = await screen.findByText('❌ Please enter a valid non-negative number.');
    expect(message).toHaveClass('admin-message--error');
    expect(screen.getByRole('spinbutton', { name: 'Delivery charge (Rs)' })).toBeInvalid();
    expect(saves).toEqual([]);
  });

  it('refuses text that is not a number', async () => {
    const { saves, user } = setup();
    const input = await screen.findByRole('spinbutton', { name: 'Delivery charge (Rs)' });
    await user.clear(input);
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('❌ Please enter a valid non-negative number.')).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it("shows the server's message when it refuses the charge", async () => {
    const { user } = setup({
      save: () => json({ message: 'Delivery charge is too large.', errors: { deliveryCharge: ['too large'] } }, 400),
    });

    await saveCharge(user, '5000000');

    expect(await screen.findByText('Delivery charge is too large.')).toHaveClass('admin-message--error');
  });

  it("shows 'Failed to update delivery charge.' when the refusal carries no message", async () => {
    const { user } = setup({ save: () => new Response('Bad Gateway', { status: 502 }) });

    await saveCharge(user, '300');

    expect(await screen.findByText('Failed to update delivery charge.')).toBeInTheDocument();
  });

  it("shows 'Network error. Please try again.' when the server cannot be reached", async () => {
    const { user } = setup({ save: () => Promise.reject(new TypeError('Failed to fetch')) });

    await saveCharge(user, '300');

    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
  });

  it('replaces the last message on the next attempt', async () => {
    const { user } = setup();

    await saveCharge(user, '-1');
    expect(await screen.findByText('❌ Please enter a valid non-negative number.')).toBeInTheDocument();
    await saveCharge(user, '0');

    expect(await screen.findByText('✅ Delivery charge updated successfully.')).toBeInTheDocument();
    expect(screen.queryByText('❌ Please enter a valid non-negative number.')).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Delivery charge (Rs)' })).toBeValid();
  });
});

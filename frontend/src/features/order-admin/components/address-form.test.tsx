import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeAdminOrder } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { AddressForm } from './address-form';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The form of `order`, against a server answering each PUT with `answer`; the PUTs are recorded. */
function setup(order = makeAdminOrder({ _id: '31' }), answer: () => Response = () => json({ success: true, message: 'Delivery address updated.', order })) {
  const sent: Sent[] = [];
  mockFetch(async (url, request) => {
    if (request.method === 'PUT') {
      sent.push({ method: request.method, path: url.pathname, body: JSON.parse(await request.text()) });
      return answer();
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<AddressForm order={order} />, { route: '/admin/orders' });
  return { sent, user: userEvent.setup() };
}

const form = () => screen.getByRole('form', { name: 'Delivery address of order #31' });

describe("the owner's 'Edit address' of an order", () => {
  it('is offered only while the order has not left the shop', () => {
    for (const status of ['dispatched', 'delivered', 'rejected', 'returned'] as const) {
      const { unmount } = renderWithProviders(<AddressForm order={makeAdminOrder({ status })} />);
      expect(screen.queryByRole('button', { name: 'Edit address' })).not.toBeInTheDocument();
      unmount();
    }
    renderWithProviders(<AddressForm order={makeAdminOrder({ status: 'approved' })} />);
    expect(screen.getByRole('button', { name: 'Edit address' })).toBeVisible();
  });

  it("opens with the order's province, city and address, and a new province empties the city", async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit address' }));

    expect(screen.getByRole('combobox', { name: 'Province' })).toHaveValue('Punjab');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Lahore');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('House 12, Street 4, Gulberg III');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Province' }), 'Sindh');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('');
  });

  it('sends the three fields to the order and closes once saved', async () => {
    const { sent, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    const address = screen.getByRole('textbox', { name: 'Address' });
    await user.clear(address);
    await user.type(address, 'Flat 3, Block B, Model Town');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    await waitFor(() => {
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
    });
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/orders/31/delivery-address',
        body: { province: 'Punjab', city: 'Lahore', address: 'Flat 3, Block B, Model Town' },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Edit address' })).toBeVisible();
  });

  it("shows the server's refusal beside the field it names and stays open", async () => {
    const { user } = setup(undefined, () =>
      json({ success: false, message: 'Invalid delivery address.', errors: { city: ["'Lahore' is in Punjab, not Sindh."] } }, 400),
    );
    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    const city = screen.getByRole('combobox', { name: 'City' });
    await waitFor(() => {
      expect(city).toHaveAccessibleDescription("'Lahore' is in Punjab, not Sindh.");
    });
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(form()).toBeVisible();

    await user.type(city, 'x');
    expect(city).not.toHaveAttribute('aria-invalid');
  });
});

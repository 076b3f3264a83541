import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { SavedAddresses } from './saved-addresses';

const home = {
  _id: '3',
  province: 'KhyberPakhtunkhwa',
  city: 'Peshawar',
  name: 'Ayesha Khan',
  phone1: '0300 1234567',
  phone2: null,
  phone1Normal: '+923001234567',
  address: 'House 12\nUniversity Town',
  usedAt: '2026-11-27T10:00:00Z',
};

function setup() {
  let addresses = [home];
  const calls: { method: string; path: string; body: unknown }[] = [];
  mockFetch(async (url, request) => {
    if (url.pathname === '/api/account/addresses') return json({ addresses });
    if (url.pathname === '/api/account/addresses/3') {
      const body = request.method === 'PUT' ? ((await request.json()) as Record<string, string>) : null;
      calls.push({ method: request.method, path: url.pathname, body });
      if (request.method === 'DELETE') {
        addresses = [];
        return json({ message: 'Address deleted.' });
      }
      if (body?.phone1 === '0300 123456') {
        return json({ message: 'This number has 10 digits; a mobile number has 11 (03XX XXXXXXX).' }, 400);
      }
      addresses = [{ ...home, ...body }];
      return json({ address: addresses[0] });
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<SavedAddresses signedIn />);
  return { calls, user: userEvent.setup() };
}

describe('SavedAddresses', () => {
  it('lists each saved address and deletes one', async () => {
    const { calls, user } = setup();

    const item = await screen.findByText('Ayesha Khan · 0300 1234567 · House 12, University Town · Peshawar, Khyber Pakhtunkhwa');
    await user.click(within(item.closest('li') as HTMLElement).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Your delivery details are saved here when you place an order.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Address deleted.');
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/account/addresses/3', body: null }]);
  });

  it("edits an address, keeping its province and city, and shows the server's words for a wrong phone", async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit address' });

    await user.clear(within(form).getByLabelText('Primary phone'));
    await user.type(within(form).getByLabelText('Primary phone'), '0300 123456');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This number has 10 digits; a mobile number has 11 (03XX XXXXXXX).');
    await user.type(within(form).getByLabelText('Primary phone'), '7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Address saved.')).toHaveAttribute('role', 'status');
    expect(calls.at(-1)?.body).toEqual({
      name: 'Ayesha Khan',
      phone1: '0300 1234567',
      phone2: '',
      address: 'House 12\nUniversity Town',
      province: 'KhyberPakhtunkhwa',
      city: 'Peshawar',
    });
  });
});

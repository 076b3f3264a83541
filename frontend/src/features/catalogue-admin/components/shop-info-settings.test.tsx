import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { ShopInfoSettings } from './shop-info-settings';

const inForce = { deliveryCharge: 250, deliveryTime: '3–4 working days', whatsapp: null, whatsappLink: null, whatsappLocal: null };

function setup() {
  const saves: unknown[] = [];
  mockFetch(async (url, request) => {
    if (url.pathname === '/api/settings/shop-info' && request.method === 'GET') return json(inForce);
    if (url.pathname === '/api/settings/shop-info' && request.method === 'PUT') {
      const body = (await request.json()) as { deliveryTime: string; whatsapp: string };
      saves.push(body);
      return json({ ...inForce, ...body, whatsappLink: `https://wa.me/${body.whatsapp}`, whatsappLocal: '0300 1234567' });
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<ShopInfoSettings />, { route: '/admin/delivery-charge' });
  return { saves, user: userEvent.setup() };
}

describe('ShopInfoSettings', () => {
  it('saves the delivery time and the WhatsApp number normalised to 92XXXXXXXXXX', async () => {
    const { saves, user } = setup();
    const time = await screen.findByRole('textbox', { name: 'Delivery time' });
    expect(time).toHaveValue('3–4 working days');

    await user.clear(time);
    await user.type(time, '2–4 working days');
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '0300-1234567');
    await user.click(screen.getByRole('button', { name: 'Update shop info' }));

    expect(await screen.findByText('✅ Shop info updated.')).toBeInTheDocument();
    expect(saves).toEqual([{ deliveryTime: '2–4 working days', whatsapp: '923001234567' }]);
    expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toHaveValue('923001234567');
  });

  it('refuses a landline and a blank delivery time without calling the server', async () => {
    const { saves, user } = setup();
    const time = await screen.findByRole('textbox', { name: 'Delivery time' });

    await user.clear(time);
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '042 35761234');
    await user.click(screen.getByRole('button', { name: 'Update shop info' }));

    expect(screen.getByText('Delivery time must be 1 to 40 characters, e.g. 2–4 working days.')).toBeInTheDocument();
    expect(screen.getByText('Enter a Pakistani mobile number, e.g. 0300 1234567.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toEqual([]);
  });
});

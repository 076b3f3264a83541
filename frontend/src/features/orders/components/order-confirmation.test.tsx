import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { OrderConfirmation } from './order-confirmation';

afterEach(() => {
  vi.useRealTimers();
});

describe('OrderConfirmation', () => {
  it('spins for 1.5 s, then says the order awaits approval and links on', () => {
    vi.useFakeTimers();
    renderWithProviders(<OrderConfirmation />, { route: '/order-confirmation' });

    expect(screen.getByRole('status')).toHaveTextContent('Confirming your order');
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order Placed — Awaiting Approval');
    expect(
      screen.getByText(
        'Your order is pending approval by our admin team. You will be notified once it is approved and ready for dispatch.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
  });

  it('shows the order number, what was ordered, the total to pay and the next step in words', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/settings/shop-info') {
        return json({ deliveryCharge: 250, deliveryTime: '2–4 working days', whatsapp: '923001234567', whatsappLink: 'https://wa.me/923001234567', whatsappLocal: '0300 1234567' });
      }
      return json({ message: 'Not found' }, 404);
    });
    const order = {
      _id: '42',
      total: 1648,
      cart: [
        { productId: '1', name: 'Galaxy A34 Flip Cover', quantity: 1, lineTotal: 999 },
        { productId: '2', name: 'Handsfree with Mic', quantity: 2, lineTotal: 798 },
      ],
    };
    renderWithProviders(<OrderConfirmation order={order} confirmWithinHours={36} />, { route: '/order-confirmation' });

    expect(await screen.findByText('Your order number is', { exact: false }, { timeout: 3000 })).toHaveTextContent('Your order number is #42');
    expect(screen.getByRole('region', { name: 'What you ordered' })).toHaveTextContent('Galaxy A34 Flip Cover × 1Rs 999Handsfree with Mic × 2Rs 798');
    expect(screen.getByText('Total to pay on delivery:', { exact: false })).toHaveTextContent('Total to pay on delivery: Rs 1,648');
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(
      await within(next).findByText(
        'We have e-mailed you a link to confirm your order: please open it and tap Confirm my order within 36 hours, or the order may be cancelled.',
      ),
    ).toBeInTheDocument();
    expect(next).toHaveTextContent('delivery takes 2–4 working days.');
    expect(within(next).getByRole('link', { name: '0300 1234567' })).toHaveAttribute('href', 'https://wa.me/923001234567');
  });

  it("puts the WhatsApp message first when the shop sent one, its hours with it, and keeps the e-mailed link's sentence", async () => {
    mockFetch(() => json({ deliveryCharge: 250, deliveryTime: '2–4 working days', whatsapp: null, whatsappLink: null, whatsappLocal: null }));
    const order = { _id: '43', total: 999, cart: [{ productId: '1', name: 'Galaxy A34 Flip Cover', quantity: 1, lineTotal: 999 }], whatsappTo: '0300 1234567' };
    renderWithProviders(<OrderConfirmation order={order} confirmWithinHours={24} />, { route: '/order-confirmation' });

    const next = await screen.findByRole('region', { name: 'What happens next' }, { timeout: 3000 });
    const steps = within(next).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent("We've sent a WhatsApp message to 0300 1234567: tap Confirm within 24 hours.");
    expect(steps[1]).toHaveTextContent(
      'We have e-mailed you a link to confirm your order: please open it and tap Confirm my order within 24 hours, or the order may be cancelled.',
    );
  });

  it('says nothing of WhatsApp when the shop sent no message, and says an order confirmed on WhatsApp is confirmed', async () => {
    mockFetch(() => json({ deliveryCharge: 250, deliveryTime: '2–4 working days', whatsapp: null, whatsappLink: null, whatsappLocal: null }));
    const cart = [{ productId: '1', name: 'Galaxy A34 Flip Cover', quantity: 1, lineTotal: 999 }];
    const { unmount } = renderWithProviders(<OrderConfirmation order={{ _id: '44', total: 999, cart, whatsappTo: null }} confirmWithinHours={1} />, {
      route: '/order-confirmation',
    });

    const next = await screen.findByRole('region', { name: 'What happens next' }, { timeout: 3000 });
    expect(next).not.toHaveTextContent('WhatsApp message');
    expect(within(next).getAllByRole('listitem')[0]).toHaveTextContent(
      'We have e-mailed you a link to confirm your order: please open it and tap Confirm my order within 1 hour, or the order may be cancelled.',
    );
    unmount();

    renderWithProviders(
      <OrderConfirmation order={{ _id: '45', total: 999, cart, whatsappTo: '0300 1234567', confirmedVia: 'whatsapp' }} confirmWithinHours={24} />,
      { route: '/order-confirmation' },
    );
    const confirmed = await screen.findByRole('region', { name: 'What happens next' }, { timeout: 3000 });
    expect(within(confirmed).getAllByRole('listitem')[0]).toHaveTextContent('✓ Confirmed by you on WhatsApp');
    expect(confirmed).not.toHaveTextContent('tap Confirm');
  });
});

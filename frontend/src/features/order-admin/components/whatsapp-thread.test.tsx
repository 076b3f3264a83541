import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AdminOrderResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeAdminOrder } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { AdminOrders } from './admin-orders';

type Thread = NonNullable<AdminOrderResponse['whatsapp']>;

const confirmation = {
  direction: 'out',
  kind: 'confirmation',
  text: 'Order #42: 2 x Phone Case, 1 x USB-C Cable. Total to pay on delivery: Rs 2,749. Tap Confirm or Cancel.',
  state: 'read',
  error: null,
  at: '2026-11-24T06:00:05Z',
} as const;

/** #42 confirmed on WhatsApp: the request read, the shopper's Confirm, the shop's thanks. */
const confirmedThread: Thread = {
  confirmedOnWhatsApp: true,
  state: 'replied',
  messages: [
    confirmation,
    { direction: 'in', kind: 'reply', text: 'Confirm', state: 'received', error: null, at: '2026-11-24T06:10:00Z' },
  ],
};

/** #43: its confirmation could not be sent. */
const failedThread: Thread = {
  confirmedOnWhatsApp: false,
  state: 'failed',
  messages: [{ ...confirmation, state: 'failed', error: '(#131026) Message undeliverable: the number is not on WhatsApp', at: '2026-11-24T07:00:05Z' }],
};

const orders = () => [
  makeAdminOrder({ _id: '42', confirmedAt: '2026-11-24T06:10:00Z', confirmedVia: 'whatsapp', whatsappTo: '0300 1234567', whatsapp: confirmedThread }),
  makeAdminOrder({ _id: '43', whatsappTo: '0300 1234567', whatsapp: failedThread }),
  makeAdminOrder({ _id: '44', confirmedAt: '2026-11-24T08:00:00Z', confirmedVia: 'link', whatsapp: { confirmedOnWhatsApp: false, state: 'delivered', messages: [] } }),
  makeAdminOrder({ _id: '45', whatsapp: null }),
];

const settings = (whatsappEnabled: boolean) => ({
  success: true,
  rules: [],
  confirmWindowHours: 48,
  rejectUnconfirmedAfterHours: 24,
  limits: [],
  whatsappEnabled,
  whatsappConfirmationTemplate: 'order_confirmation',
  whatsappUpdateTemplate: 'order_update',
  whatsappTemplateLanguage: 'en',
  whatsappTemplateLanguageUr: 'ur',
});

function setup({ whatsappEnabled = true }: { whatsappEnabled?: boolean } = {}) {
  const lists: string[] = [];
  mockFetch((url, request) => {
    if (url.pathname === '/api/orders' && request.method === 'GET') {
      lists.push(url.search);
      const all = orders();
      return json({ success: true, orders: all, total: all.length });
    }
    if (url.pathname === '/api/cod/settings') return json(settings(whatsappEnabled));
    if (/^\/api\/orders\/\d+\/related$/.test(url.pathname)) {
      const none = { placed: 0, delivered: 0, returned: 0, rejected: 0, orders: [] };
      return json({ success: true, phone: '+923001234567', email: 'ayesha@example.pk', byPhone: none, byEmail: none });
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<AdminOrders />, { route: '/admin/orders' });
  return { lists, user: userEvent.setup() };
}

function card(id: string) {
  return within(screen.getByRole('article', { name: `Order #${id}` }));
}

describe('WhatsApp on the admin orders page', () => {
  it('badges how each order was confirmed and a failed message in red', async () => {
    setup();
    await screen.findByRole('article', { name: 'Order #42' });

    expect(card('42').getByText(/^Confirmed on WhatsApp/)).toHaveTextContent('Confirmed on WhatsApp 24 Nov 2026, 11:10');
    expect(card('42').queryByText(/^WhatsApp:/)).not.toBeInTheDocument();
    expect(card('43').getByText('Not confirmed')).toBeInTheDocument();
    expect(card('43').getByText('WhatsApp: Message failed')).toHaveClass('whatsapp-badge--failed');
    expect(card('44').getByText(/^Confirmed by link/)).toHaveTextContent('Confirmed by link 24 Nov 2026, 13:00');
    expect(card('44').getByText('WhatsApp: Delivered, no reply')).toHaveClass('whatsapp-badge--plain');
    expect(card('45').queryByText(/WhatsApp:/)).not.toBeInTheDocument();
  });

  it('opens an order to its thread: what was sent, its state in words, the reply, and a failure with its error', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /^#42/ }));

    const thread = within(card('42').getByRole('region', { name: 'WhatsApp' }));
    expect(thread.getByText('✓ Confirmed on WhatsApp')).toBeInTheDocument();
    const messages = thread.getAllByRole('listitem');
    expect(messages.map((message) => message.textContent)).toEqual([
      'Shop · Confirmation request 24 Nov 2026, 11:00 Read' + confirmation.text,
      'Shopper · Reply 24 Nov 2026, 11:10 ReceivedConfirm',
    ]);
    expect(thread.getByRole('list', { name: 'WhatsApp messages of order #42' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^#43/ }));
    const failed = within(card('43').getByRole('region', { name: 'WhatsApp' }));
    const message = failed.getByRole('listitem');
    expect(message).toHaveClass('whatsapp-message--failed');
    expect(within(message).getByText('Failed')).toHaveClass('whatsapp-message__state--failed');
    expect(within(message).getByText('Error: (#131026) Message undeliverable: the number is not on WhatsApp')).toHaveClass(
      'whatsapp-message__error',
    );

    await user.click(screen.getByRole('button', { name: /^#44/ }));
    expect(within(card('44').getByRole('region', { name: 'WhatsApp' })).getByText('No WhatsApp message yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^#45/ }));
    expect(card('45').queryByRole('region', { name: 'WhatsApp' })).not.toBeInTheDocument();
  });

  it("keeps 'Chat on WhatsApp', no longer asking a shopper who confirmed to confirm", async () => {
    const { user } = setup();
    const textOf = (link: HTMLElement) => new URL(link.getAttribute('href') ?? '').searchParams.get('text') ?? '';
    // One order is open at a time (the list keeps which): each is opened in turn.
    await user.click(await screen.findByRole('button', { name: /^#42/ }));
    const confirmedText = textOf(card('42').getByRole('link', { name: 'Chat on WhatsApp' }));
    await user.click(screen.getByRole('button', { name: /^#43/ }));
    const pendingText = textOf(card('43').getByRole('link', { name: 'Chat on WhatsApp' }));

    expect(confirmedText.split('\n').at(-1)).toBe('Thank you for confirming your order. Write to us here if anything needs changing.');
    expect(confirmedText).not.toContain('reply YES');
    expect(pendingText.split('\n').at(-1)).toBe('Please reply YES to confirm your order.');
  });

  it("filters by 'Confirmed on WhatsApp', 'No reply' and 'Message failed' while WhatsApp is on", async () => {
    const { user, lists } = setup();
    await screen.findByRole('article', { name: 'Order #42' });
    const filter = await screen.findByRole('combobox', { name: 'WhatsApp' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any WhatsApp',
      'Confirmed on WhatsApp',
      'No reply',
      'Message failed',
    ]);

    await user.selectOptions(filter, 'No reply');
    await waitFor(() => {
      expect(lists.at(-1)).toBe('?limit=20&whatsapp=noReply&offset=0');
    });
    await user.selectOptions(filter, 'Message failed');
    await waitFor(() => {
      expect(lists.at(-1)).toBe('?limit=20&whatsapp=failed&offset=0');
    });
    await user.selectOptions(filter, 'Confirmed on WhatsApp');
    await waitFor(() => {
      expect(lists.at(-1)).toBe('?limit=20&whatsapp=confirmed&offset=0');
    });
    expect(lists[0]).toBe('?limit=20&offset=0');
  });

  it('offers no WhatsApp filter while WhatsApp is off', async () => {
    setup({ whatsappEnabled: false });
    await screen.findByRole('article', { name: 'Order #42' });
    await screen.findByRole('button', { name: 'Reject unconfirmed orders' });
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Confirmation' })).toBeInTheDocument();
    });
    expect(screen.queryByRole('combobox', { name: 'WhatsApp' })).not.toBeInTheDocument();
  });
});

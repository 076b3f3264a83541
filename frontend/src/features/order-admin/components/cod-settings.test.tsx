import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { CodSettingsPage } from './cod-settings';

const settings = () => ({
  success: true,
  rules: [
    {
      id: 'earlier_returns',
      label: 'Earlier returns',
      description: 'Earlier orders from the same phone or e-mail were returned.',
      enabled: true,
      points: 40,
      params: [{ key: 'atLeast', label: 'Returned orders', value: 1, min: 1, max: 100 }],
    },
    {
      id: 'late_night',
      label: 'Late-night order',
      description: 'The order was placed late at night, Pakistan time.',
      enabled: false,
      points: 10,
      params: [
        { key: 'from', label: 'From hour', value: 0, min: 0, max: 23 },
        { key: 'to', label: 'To hour', value: 6, min: 0, max: 23 },
      ],
    },
  ],
  confirmWindowHours: 48,
  rejectUnconfirmedAfterHours: 24,
  limits: [
    {
      key: 'unitsPerProduct',
      label: 'Units of one product per order',
      description: 'More of one product in an order is refused before anything is taken from stock.',
      value: 10,
      min: 1,
      max: 1000000,
    },
    {
      key: 'pendingPerAccount',
      label: 'Pending orders per account',
      description: 'An account with this many orders waiting for approval cannot place another.',
      value: 3,
      min: 1,
      max: 100000,
    },
  ],
  whatsappEnabled: true,
  whatsappConfirmationTemplate: 'order_confirmation',
  whatsappUpdateTemplate: 'order_update',
  whatsappTemplateLanguage: 'en',
  whatsappTemplateLanguageUr: 'ur',
});

type Answer = (body: unknown) => Response;

function setup(answer: Answer = () => json(settings()), loaded = settings()) {
  const puts: unknown[] = [];
  mockFetch(async (url, request) => {
    if (url.pathname === '/api/cod/settings' && request.method === 'GET') return json(loaded);
    if (url.pathname === '/api/cod/settings' && request.method === 'PUT') {
      const body: unknown = await request.json();
      puts.push(body);
      return answer(body);
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<CodSettingsPage />, { route: '/admin/order-checks' });
  return { puts, user: userEvent.setup() };
}

async function rule(name: string) {
  return within(await screen.findByRole('group', { name }));
}

describe('CodSettingsPage', () => {
  it('shows every rule with its description, switch, points and figures with their ranges, and the two hours', async () => {
    setup();

    const returns = await rule('Earlier returns');
    expect(returns.getByText('Earlier orders from the same phone or e-mail were returned.')).toBeInTheDocument();
    expect(returns.getByRole('switch', { name: 'On' })).toBeChecked();
    const points = returns.getByRole('spinbutton', { name: 'Points' });
    expect(points).toHaveValue(40);
    expect(points).toHaveAttribute('min', '0');
    expect(points).toHaveAttribute('max', '100');
    expect(points).toHaveAccessibleDescription('From 0 to 100.');
    const atLeast = returns.getByRole('spinbutton', { name: 'Returned orders' });
    expect(atLeast).toHaveValue(1);
    expect(atLeast).toHaveAccessibleDescription('From 1 to 100.');

    const lateNight = await rule('Late-night order');
    expect(lateNight.getByRole('switch', { name: 'On' })).not.toBeChecked();
    expect(lateNight.getByRole('spinbutton', { name: 'From hour' })).toHaveValue(0);
    expect(lateNight.getByRole('spinbutton', { name: 'To hour' })).toHaveAttribute('max', '23');

    // One setting drives the e-mail's promise, the link and the button (decisions/0037): no second figure.
    expect(screen.queryByRole('spinbutton', { name: 'Confirmation link works for (hours)' })).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Reject unconfirmed orders after (hours)' })).toHaveValue(24);
    expect(screen.getByRole('spinbutton', { name: 'Reject unconfirmed orders after (hours)' })).toHaveAccessibleDescription(
      "From 1 to 720. The confirmation e-mail promises this many hours, its link works as long, and 'Reject unconfirmed orders' on the orders page rejects pending orders older than this.",
    );
  });

  it('saves every rule and both hours as changed, and says so', async () => {
    const { puts, user } = setup();
    const returns = await rule('Earlier returns');

    await user.clear(returns.getByRole('spinbutton', { name: 'Points' }));
    await user.type(returns.getByRole('spinbutton', { name: 'Points' }), '50');
    await user.clear(returns.getByRole('spinbutton', { name: 'Returned orders' }));
    await user.type(returns.getByRole('spinbutton', { name: 'Returned orders' }), '2');
    await user.click((await rule('Late-night order')).getByRole('switch', { name: 'On' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Reject unconfirmed orders after (hours)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Reject unconfirmed orders after (hours)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('✅ Order checks saved. Pending orders are scored again.')).toHaveClass('admin-message--success');
    expect(puts).toEqual([
      {
        rules: [
          { id: 'earlier_returns', enabled: true, points: 50, params: [{ key: 'atLeast', value: 2 }] },
          {
            id: 'late_night',
            enabled: true,
            points: 10,
            params: [
              { key: 'from', value: 0 },
              { key: 'to', value: 6 },
            ],
          },
        ],
        confirmWindowHours: 48,
        rejectUnconfirmedAfterHours: 12,
        limits: [
          { key: 'unitsPerProduct', value: 10 },
          { key: 'pendingPerAccount', value: 3 },
        ],
        whatsappConfirmationTemplate: 'order_confirmation',
        whatsappUpdateTemplate: 'order_update',
        whatsappTemplateLanguage: 'en',
        whatsappTemplateLanguageUr: 'ur',
      },
    ]);
  });

  it('shows WhatsApp on as the server says, with the templates and their language editable, and saves them', async () => {
    const { puts, user } = setup();
    const section = within(await screen.findByRole('region', { name: 'WhatsApp' }));

    expect(section.getByText('WhatsApp is on: every order gets its confirmation message, and every status change its update.')).toBeInTheDocument();
    const confirmation = section.getByRole('textbox', { name: 'Confirmation template' });
    expect(confirmation).toHaveValue('order_confirmation');
    expect(confirmation).toHaveAccessibleDescription(
      'The approved template sent when an order is placed, with the Confirm and Cancel buttons. Default: order_confirmation.',
    );
    const update = section.getByRole('textbox', { name: 'Update template' });
    expect(update).toHaveValue('order_update');
    expect(update).toHaveAccessibleDescription(
      'The approved template sent when an order is approved, dispatched, delivered or rejected. Default: order_update.',
    );
    const language = section.getByRole('textbox', { name: 'Template language' });
    expect(language).toHaveValue('en');
    expect(language).toHaveAccessibleDescription('The language code both templates were approved in, for orders placed in English, e.g. en or en_US. Default: en.');
    const urdu = section.getByRole('textbox', { name: 'Urdu template language' });
    expect(urdu).toHaveValue('ur');
    expect(urdu).toHaveAccessibleDescription(
      'The language code of the same two templates, approved in Urdu, sent for orders placed in Urdu. Default: ur.',
    );

    await user.clear(confirmation);
    await user.type(confirmation, 'shop_order_confirm');
    await user.clear(language);
    await user.type(language, 'en_US');
    await user.clear(urdu);
    await user.type(urdu, 'ur_PK');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('✅ Order checks saved. Pending orders are scored again.')).toBeInTheDocument();
    expect(puts).toMatchObject([
      { whatsappConfirmationTemplate: 'shop_order_confirm', whatsappUpdateTemplate: 'order_update', whatsappTemplateLanguage: 'en_US', whatsappTemplateLanguageUr: 'ur_PK' },
    ]);
  });

  it('says WhatsApp is off when the server has no WhatsApp settings, and keeps the templates', async () => {
    setup(undefined, { ...settings(), whatsappEnabled: false });
    const section = within(await screen.findByRole('region', { name: 'WhatsApp' }));

    expect(
      section.getByText(
        'WhatsApp is off: the server has no WHATSAPP_* settings (docs/whatsapp.md), so orders are confirmed by e-mail only. The templates below are kept for when it is on.',
      ),
    ).toBeInTheDocument();
    expect(section.getByRole('textbox', { name: 'Update template' })).toHaveValue('order_update');
  });

  it('shows the server’s refusal of a template name or language beside its field', async () => {
    const { user } = setup(() =>
      json(
        {
          message: 'Please correct the highlighted settings.',
          errors: {
            whatsappUpdateTemplate: ['A template name is 1 to 512 lower-case letters, digits and underscores.'],
            whatsappTemplateLanguage: ['A language code looks like en, en_US or ur.'],
          },
        },
        400,
      ),
    );
    const section = within(await screen.findByRole('region', { name: 'WhatsApp' }));
    const update = section.getByRole('textbox', { name: 'Update template' });

    await user.clear(update);
    await user.type(update, 'Order Update');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('❌ Please correct the highlighted settings.')).toBeInTheDocument();
    expect(update).toHaveAttribute('aria-invalid', 'true');
    expect(update).toHaveAccessibleDescription(
      'The approved template sent when an order is approved, dispatched, delivered or rejected. Default: order_update. A template name is 1 to 512 lower-case letters, digits and underscores.',
    );
    expect(section.getByRole('textbox', { name: 'Template language' })).toHaveAccessibleDescription(
      'The language code both templates were approved in, for orders placed in English, e.g. en or en_US. Default: en. A language code looks like en, en_US or ur.',
    );
    expect(section.getByRole('textbox', { name: 'Confirmation template' })).not.toHaveAttribute('aria-invalid');

    await user.type(update, 'x');
    expect(update).not.toHaveAttribute('aria-invalid');
  });

  it('shows the limits on orders with what they stop and their ranges, saves them changed and shows the server’s word beside one', async () => {
    const { puts, user } = setup(() =>
      json(
        {
          message: 'Units of one product per order must be a whole number from 1 to 1000000.',
          errors: { 'limits.unitsPerProduct': ['Units of one product per order must be a whole number from 1 to 1000000.'] },
        },
        400,
      ),
    );
    const units = await screen.findByRole('spinbutton', { name: 'Units of one product per order' });
    expect(units).toHaveValue(10);
    expect(units).toHaveAttribute('max', '1000000');
    expect(units).toHaveAccessibleDescription('More of one product in an order is refused before anything is taken from stock. From 1 to 1000000.');
    const pending = screen.getByRole('spinbutton', { name: 'Pending orders per account' });

    await user.clear(units);
    await user.type(units, '0');
    await user.clear(pending);
    await user.type(pending, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('❌ Units of one product per order must be a whole number from 1 to 1000000.')).toBeInTheDocument();
    expect(units).toHaveAttribute('aria-invalid', 'true');
    expect(units).toHaveAccessibleDescription(
      'More of one product in an order is refused before anything is taken from stock. From 1 to 1000000. Units of one product per order must be a whole number from 1 to 1000000.',
    );
    expect(pending).not.toHaveAttribute('aria-invalid');
    expect(puts).toMatchObject([
      {
        limits: [
          { key: 'unitsPerProduct', value: 0 },
          { key: 'pendingPerAccount', value: 5 },
        ],
      },
    ]);
  });

  it('shows the server’s errors beside their fields, and the message', async () => {
    const { puts, user } = setup(() =>
      json(
        {
          message: 'Please correct the highlighted settings.',
          errors: {
            'rules[1].params.to': ['To hour must be a whole number from 0 to 23.'],
            rejectUnconfirmedAfterHours: ['The wait before rejecting unconfirmed orders must be a whole number of hours from 1 to 720.'],
          },
        },
        400,
      ),
    );
    const lateNight = await rule('Late-night order');

    await user.clear(lateNight.getByRole('spinbutton', { name: 'To hour' }));
    await user.type(lateNight.getByRole('spinbutton', { name: 'To hour' }), '24');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('❌ Please correct the highlighted settings.')).toHaveClass('admin-message--error');
    const to = lateNight.getByRole('spinbutton', { name: 'To hour' });
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('From 0 to 23. To hour must be a whole number from 0 to 23.');
    expect(screen.getByRole('spinbutton', { name: 'Reject unconfirmed orders after (hours)' })).toHaveAccessibleDescription(
      "From 1 to 720. The confirmation e-mail promises this many hours, its link works as long, and 'Reject unconfirmed orders' on the orders page rejects pending orders older than this. The wait before rejecting unconfirmed orders must be a whole number of hours from 1 to 720.",
    );
    expect(lateNight.getByRole('spinbutton', { name: 'From hour' })).not.toHaveAttribute('aria-invalid');
    expect(puts).toHaveLength(1);

    await user.type(to, '0');
    expect(to).not.toHaveAttribute('aria-invalid');
  });

  it('sends a field without a whole number as typed and shows the server’s word on it', async () => {
    const { puts, user } = setup(() =>
      json({ message: 'Please correct the highlighted settings.', errors: { 'rules[0].points': ['Points must be a whole number from 0 to 100.'] } }, 400),
    );
    const returns = await rule('Earlier returns');

    await user.clear(returns.getByRole('spinbutton', { name: 'Points' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('❌ Please correct the highlighted settings.')).toBeInTheDocument();
    expect(returns.getByRole('spinbutton', { name: 'Points' })).toHaveAccessibleDescription('From 0 to 100. Points must be a whole number from 0 to 100.');
    expect(puts).toMatchObject([{ rules: [{ id: 'earlier_returns', points: '' }, { id: 'late_night', points: 10 }] }]);
  });

  it('says when the settings cannot be loaded', async () => {
    mockFetch(() => json({ message: 'Unavailable' }, 503));
    renderWithProviders(<CodSettingsPage />, { route: '/admin/order-checks' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the order checks.');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AdminOrderResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeAdminOrder } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { AdminOrders } from './admin-orders';

interface Sent {
  method: string;
  path: string;
  contentType: string | null;
  body: string;
}

type Answer = (sent: Sent) => Response | undefined;

/** The orders page against a shop holding `orders`, loaded; writes are recorded, and they and other reads are answered by `answer`. */
async function setup(orders: AdminOrderResponse[], answer: Answer = () => undefined) {
  const sent: Sent[] = [];
  mockFetch(async (url, request) => {
    if (url.pathname === '/api/orders' && request.method === 'GET') {
      return json({ success: true, orders, total: orders.length });
    }
    const call = { method: request.method, path: url.pathname, contentType: request.headers.get('Content-Type'), body: await request.text() };
    // The page's other reads (the order checks' settings) are not what these tests follow.
    if (request.method !== 'GET') sent.push(call);
    return answer(call) ?? json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<AdminOrders />, { route: '/admin/orders' });
  await screen.findByRole('region', { name: 'Courier hand-off' });
  return { sent, user: userEvent.setup() };
}

const lahore = makeAdminOrder().userDetails;
const noCity = { ...lahore, city: null, province: 'Punjab' };

function shop() {
  return [
    makeAdminOrder({ _id: '21', status: 'approved' }),
    makeAdminOrder({ _id: '22', status: 'pending' }),
    makeAdminOrder({ _id: '23', status: 'approved', userDetails: noCity }),
    makeAdminOrder({ _id: '24', status: 'approved', courier: 'TCS', trackingNumber: 'TCS-0001' }),
    makeAdminOrder({ _id: '25', status: 'dispatched', courier: 'Leopards', trackingNumber: 'LE123456789' }),
  ];
}

const tools = () => within(screen.getByRole('region', { name: 'Courier hand-off' }));
const order = (id: string) => within(screen.getByRole('article', { name: `Order #${id}` }));

async function expand(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^#${id}(?!\\d)`) }));
  return order(id);
}

describe('the courier hand-off on the orders page', () => {
  it('gives each approved order a named checkbox, and says why one without a city cannot be booked', async () => {
    await setup(shop());

    await screen.findByRole('checkbox', { name: 'Select order #21' });
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.parentElement?.textContent)).toEqual([
      'Select all approved',
      'Select order #21',
      'Select order #23',
      'Select order #24',
    ]);
    const lonely = screen.getByRole('checkbox', { name: 'Select order #23' });
    expect(lonely).toBeDisabled();
    expect(lonely).toHaveAccessibleDescription('No city: a courier cannot book it.');
    expect(order('22').queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows the courier and tracking number of the orders that have one', async () => {
    await setup(shop());

    expect(await screen.findByText('Courier: Leopards, tracking number LE123456789')).toBeVisible();
    expect(order('24').getByText('Courier: TCS, tracking number TCS-0001')).toBeVisible();
    expect(order('21').queryByText(/^Courier:/)).not.toBeInTheDocument();
  });

  it('links the booking sheet of the selection, and of nothing until something is selected', async () => {
    const { user } = await setup(shop());
    await tools().findByText('Download booking CSV');

    for (const text of ['Download booking CSV', 'Download for Excel']) {
      const link = tools().getByText(text);
      expect(link).not.toHaveAttribute('href');
      expect(link).toHaveAttribute('aria-disabled', 'true');
    }
    expect(tools().getByText(/^(No orders|\d+ orders?) selected$/)).toHaveTextContent('No orders selected');

    await user.click(screen.getByRole('checkbox', { name: 'Select order #24' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #21' }));

    const download = tools().getByRole('link', { name: 'Download booking CSV' });
    expect(download).toHaveAttribute('href', `${window.location.origin}/api/orders/courier-booking.csv?ids=21,24`);
    expect(download).toHaveAttribute('download');
    const workbook = tools().getByRole('link', { name: 'Download for Excel' });
    expect(workbook).toHaveAttribute('href', `${window.location.origin}/api/orders/courier-booking.xlsx?ids=21,24`);
    expect(workbook).toHaveAttribute('download');
    expect(tools().getByText('2 orders selected')).toBeInTheDocument();
  });

  it("'Select all approved' selects every approved order with a city, and clears them again", async () => {
    const { user } = await setup(shop());
    const all = await screen.findByRole('checkbox', { name: 'Select all approved' });

    await user.click(screen.getByRole('checkbox', { name: 'Select order #21' }));
    expect(all).toHaveProperty('indeterminate', true);
    await user.click(all);

    expect(all).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #21' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #24' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #23' })).not.toBeChecked();
    expect(tools().getByRole('link', { name: 'Download booking CSV' })).toHaveAttribute('href', expect.stringMatching(/\?ids=21,24$/));

    await user.click(all);
    expect(screen.getByRole('checkbox', { name: 'Select order #21' })).not.toBeChecked();
    expect(tools().getByText(/^(No orders|\d+ orders?) selected$/)).toHaveTextContent('No orders selected');
  });

  it("dispatches the selection and shows the server's message", async () => {
    const orders = shop();
    const { sent, user } = await setup(orders, ({ path }) => {
      if (path !== '/api/orders/dispatch') return undefined;
      for (const dispatched of orders.filter((o) => o._id === '21' || o._id === '24')) dispatched.status = 'dispatched';
      return json({ success: true, message: 'Dispatched 2 orders.', orders: [] });
    });
    const dispatch = await tools().findByRole('button', { name: 'Dispatch selected' });
    expect(dispatch).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select all approved' }));
    await user.click(dispatch);

    expect(await tools().findByText('Dispatched 2 orders.')).toHaveClass('admin-message--success');
    expect(sent).toEqual([{ method: 'POST', path: '/api/orders/dispatch', contentType: 'application/json', body: '{"ids":["21","24"]}' }]);
    await waitFor(() => {
      expect(screen.queryByRole('checkbox', { name: 'Select order #21' })).not.toBeInTheDocument();
    });
    expect(tools().getByText(/^(No orders|\d+ orders?) selected$/)).toHaveTextContent('No orders selected');
  });

  it("shows the server's refusal of a dispatch", async () => {
    const { user } = await setup(shop(), ({ path }) =>
      path === '/api/orders/dispatch' ? json({ message: 'Order #21 has no tracking number.' }, 409) : undefined,
    );

    await user.click(await screen.findByRole('checkbox', { name: 'Select order #21' }));
    await user.click(tools().getByRole('button', { name: 'Dispatch selected' }));

    expect(await tools().findByText('Order #21 has no tracking number.')).toHaveClass('admin-message--error');
    expect(screen.getByRole('checkbox', { name: 'Select order #21' })).toBeChecked();
  });
});

describe('importing tracking numbers', () => {
  const csv = 'order reference,courier,tracking number\r\n21,Leopards,LE123456789\r\n#24,TCS,TCS-0002\r\n';

  it('sends the file as text/csv, and shows the message', async () => {
    const { sent, user } = await setup(shop(), ({ path }) =>
      path === '/api/orders/tracking-import' ? json({ success: true, message: 'Saved 2 tracking numbers.', updated: ['21', '24'] }) : undefined,
    );

    await user.upload(await tools().findByLabelText('Tracking numbers CSV'), new File([csv], 'tracking.csv', { type: 'text/csv' }));
    await user.click(tools().getByRole('button', { name: 'Import tracking numbers' }));

    expect(await tools().findByText('Saved 2 tracking numbers.')).toHaveClass('admin-message--success');
    expect(tools().getByText('First row: order reference,courier,tracking number. Every row is saved, or none.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/api/orders/tracking-import', contentType: 'text/csv', body: csv }]);
  });

  it('lists every problem of a refused file by row', async () => {
    const { user } = await setup(shop(), ({ path }) =>
      path === '/api/orders/tracking-import'
        ? json(
            {
              message: 'The file has 2 problems; nothing was saved.',
              errors: { 'row 4': ['Order #22 is not approved.'], 'row 3': ['Order #999 does not exist.'] },
            },
            400,
          )
        : undefined,
    );

    await user.upload(await tools().findByLabelText('Tracking numbers CSV'), new File([csv], 'tracking.csv', { type: 'text/csv' }));
    await user.click(tools().getByRole('button', { name: 'Import tracking numbers' }));

    expect(await tools().findByText('The file has 2 problems; nothing was saved.')).toHaveClass('admin-message--error');
    const problems = tools().getByRole('list', { name: 'Problems in the file' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Row 3: Order #999 does not exist.',
      'Row 4: Order #22 is not approved.',
    ]);
  });

  it("clears a refused file's error and problems once a corrected file is saved", async () => {
    let answers = 0;
    const { user } = await setup(shop(), ({ path }) => {
      if (path !== '/api/orders/tracking-import') return undefined;
      answers += 1;
      return answers === 1
        ? json({ message: 'The file has 1 problem; nothing was saved.', errors: { 'row 3': ['Order #999 does not exist.'] } }, 400)
        : json({ success: true, message: 'Saved 2 tracking numbers.', updated: ['21', '24'] });
    });
    const importFile = async () => {
      await user.upload(tools().getByLabelText('Tracking numbers CSV'), new File([csv], 'tracking.csv', { type: 'text/csv' }));
      await user.click(tools().getByRole('button', { name: 'Import tracking numbers' }));
    };

    await tools().findByLabelText('Tracking numbers CSV');
    await importFile();
    expect(await tools().findByText('The file has 1 problem; nothing was saved.')).toHaveClass('admin-message--error');
    expect(tools().getByRole('list', { name: 'Problems in the file' })).toBeInTheDocument();
    await importFile();

    expect(await tools().findByText('Saved 2 tracking numbers.')).toHaveClass('admin-message--success');
    expect(tools().queryByText('The file has 1 problem; nothing was saved.')).not.toBeInTheDocument();
    expect(tools().queryByRole('list', { name: 'Problems in the file' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not UTF-8 before sending it', async () => {
    const { sent, user } = await setup(shop());
    // A row written in Windows-1252: its 'é' is the byte 0xE9, which is no UTF-8.
    const latin1 = new Uint8Array([...new TextEncoder().encode('order reference,courier,tracking number\r\n21,Leopards Caf'), 0xe9, 0x0d, 0x0a]);

    await user.upload(tools().getByLabelText('Tracking numbers CSV'), new File([latin1], 'tracking.csv', { type: 'text/csv' }));
    await user.click(tools().getByRole('button', { name: 'Import tracking numbers' }));

    expect(await tools().findByText('The file could not be read as UTF-8 text. Save it as “CSV UTF-8” and choose it again.')).toHaveClass(
      'admin-message--error',
    );
    expect(sent).toEqual([]);
  });

  it('refuses a file over 1 MB before reading it', async () => {
    const { sent, user } = await setup(shop());

    await user.upload(tools().getByLabelText('Tracking numbers CSV'), new File([new Uint8Array(1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
    await user.click(tools().getByRole('button', { name: 'Import tracking numbers' }));

    expect(await tools().findByText('The file is over 1 MB.')).toHaveClass('admin-message--error');
    expect(sent).toEqual([]);
  });

  it('asks for a file before sending anything', async () => {
    const { sent, user } = await setup(shop());

    await user.click(await tools().findByRole('button', { name: 'Import tracking numbers' }));

    expect(await tools().findByText('Choose a CSV file first.')).toHaveClass('admin-message--error');
    expect(sent).toEqual([]);
  });
});

describe('the tracking number of one order', () => {
  it('is offered on approved orders only, filled with what the order has', async () => {
    const { user } = await setup(shop());

    const tracked = await expand(user, '24');
    const form = within(tracked.getByRole('form', { name: 'Courier for order #24' }));
    expect(form.getByRole('combobox', { name: 'Courier' })).toHaveValue('TCS');
    expect(form.getByRole('textbox', { name: 'Tracking number' })).toHaveValue('TCS-0001');
    expect((await expand(user, '25')).queryByRole('form')).not.toBeInTheDocument();
    expect((await expand(user, '22')).queryByRole('form')).not.toBeInTheDocument();
  });

  it('saves the courier and tracking number and says so', async () => {
    const { sent, user } = await setup(shop(), ({ path }) =>
      path === '/api/orders/21/tracking' ? json({ success: true, message: 'Tracking number saved.', order: makeAdminOrder({ _id: '21' }) }) : undefined,
    );
    const detail = await expand(user, '21');
    const form = within(detail.getByRole('form', { name: 'Courier for order #21' }));

    await user.type(form.getByRole('combobox', { name: 'Courier' }), ' Leopards ');
    await user.type(form.getByRole('textbox', { name: 'Tracking number' }), 'LE123456789');
    await user.click(form.getByRole('button', { name: 'Save tracking number' }));

    expect(await form.findByText('Tracking number saved.')).toHaveClass('admin-message--success');
    expect(sent).toEqual([
      { method: 'PUT', path: '/api/orders/21/tracking', contentType: 'application/json', body: '{"courier":"Leopards","trackingNumber":"LE123456789"}' },
    ]);
  });

  it("shows a field's refusal beside it, and a conflict under the form", async () => {
    let attempt = 0;
    const { user } = await setup(shop(), ({ path }) => {
      if (path !== '/api/orders/21/tracking') return undefined;
      attempt += 1;
      return attempt === 1
        ? json(
            {
              message: 'Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out).',
              errors: { trackingNumber: ['Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out).'] },
            },
            400,
          )
        : json({ message: 'Tracking number LE123456789 is already used by order #10.' }, 409);
    });
    const detail = await expand(user, '21');
    const form = within(detail.getByRole('form', { name: 'Courier for order #21' }));
    await user.type(form.getByRole('combobox', { name: 'Courier' }), 'Leopards');
    await user.type(form.getByRole('textbox', { name: 'Tracking number' }), 'LE#1');

    await user.click(form.getByRole('button', { name: 'Save tracking number' }));

    const field = form.getByRole('textbox', { name: 'Tracking number' });
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription('Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out).');
    });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('combobox', { name: 'Courier' })).not.toHaveAttribute('aria-invalid');

    await user.clear(field);
    await user.type(field, 'LE123456789');
    await user.click(form.getByRole('button', { name: 'Save tracking number' }));

    expect(await form.findByText('Tracking number LE123456789 is already used by order #10.')).toHaveClass('admin-message--error');
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});

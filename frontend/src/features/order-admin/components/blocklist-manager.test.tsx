import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { BlocklistManager } from './blocklist-manager';

const phoneEntry = {
  _id: '3',
  kind: 'phone',
  value: '+923001234567',
  reason: 'Refused three parcels',
  createdAt: '2026-11-20T06:00:00Z',
  attempts: 2,
};
const emailEntry = { _id: '4', kind: 'email', value: 'fake@example.pk', reason: 'Fake orders', createdAt: '2026-11-21T06:00:00Z', attempts: 1 };
const attempt = {
  _id: '9',
  at: '2026-11-24T09:15:00Z',
  count: 50,
  entryId: '3',
  kind: 'phone',
  value: '+923001234567',
  name: 'Ayesha Khan',
  phone: '+923001234567',
  email: 'ayesha@example.pk',
  city: 'Lahore',
  total: 2749,
};

type Handler = (body: { value: string; reason: string }) => Response;

function setup({ block, entries = [emailEntry, phoneEntry], attempts = [attempt, { ...attempt, _id: '8', count: 1, entryId: null, city: null, total: 450 }] }: {
  block?: Handler;
  entries?: (typeof phoneEntry)[];
  attempts?: unknown[];
} = {}) {
  const calls: string[] = [];
  const posted: unknown[] = [];
  let list = { entries: [...entries], attempts };
  mockFetch(async (url, request) => {
    calls.push(`${request.method} ${url.pathname}`);
    if (url.pathname === '/api/blocklist' && request.method === 'GET') return json({ success: true, ...list });
    if (url.pathname === '/api/blocklist' && request.method === 'POST') {
      const body = (await request.json()) as { value: string; reason: string };
      posted.push(body);
      if (block) return block(body);
      const entry = { _id: '5', kind: 'phone', value: '+923219876543', reason: body.reason, createdAt: '2026-11-24T09:30:00Z', attempts: 0 };
      list = { ...list, entries: [entry, ...list.entries] };
      return json({ success: true, message: 'Blocked.', entry }, 201);
    }
    const id = /^\/api\/blocklist\/(\d+)$/.exec(url.pathname)?.[1];
    if (id !== undefined && request.method === 'DELETE') {
      if (!list.entries.some((entry) => entry._id === id)) return json({ message: 'Blocklist entry not found.' }, 404);
      list = { ...list, entries: list.entries.filter((entry) => entry._id !== id) };
      return json({ success: true, message: 'Unblocked.' });
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(<BlocklistManager />, { route: '/admin/blocklist' });
  return { calls, posted, user: userEvent.setup() };
}

const form = () => within(screen.getByRole('form', { name: 'Block a phone or e-mail' }));

describe('BlocklistManager', () => {
  it('lists each entry with its kind, date, attempts and reason, and the refused checkouts in a table with their counts', async () => {
    setup();

    const phone = within(await screen.findByRole('article', { name: '+923001234567' }));
    expect(phone.getByText(/^Phone/)).toHaveTextContent('Phone · blocked 20 Nov 2026, 11:00 · 2 attempts');
    expect(phone.getByText('Refused three parcels')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'fake@example.pk' })).getByText(/^E-mail/)).toHaveTextContent(
      'E-mail · blocked 21 Nov 2026, 11:00 · 1 attempt',
    );

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => within(row).getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell').map((cell) => cell.textContent))).toEqual([
      ['When', 'Attempts', 'Name', 'Phone', 'E-mail', 'City', 'Total'],
      ['24 Nov 2026, 14:15', '50', 'Ayesha Khan', '+923001234567', 'ayesha@example.pk', 'Lahore', 'Rs 2,749'],
      ['24 Nov 2026, 14:15', '1', 'Ayesha Khan', '+923001234567', 'ayesha@example.pk', '—', 'Rs 450'],
    ]);
    expect(screen.getByText('One row per account, blocked value and hour; When is the latest attempt.')).toBeInTheDocument();
  });

  it('blocks a phone written any way, says so and shows the new entry', async () => {
    const { posted, user } = setup();
    await screen.findByRole('article', { name: '+923001234567' });

    await user.type(form().getByRole('textbox', { name: 'Phone number or e-mail' }), '0321-9876543');
    await user.type(form().getByRole('textbox', { name: 'Reason' }), 'Ordered five times, took none');
    await user.click(form().getByRole('button', { name: 'Block' }));

    expect(await form().findByText('Blocked.')).toHaveClass('admin-message--success');
    expect(posted).toEqual([{ value: '0321-9876543', reason: 'Ordered five times, took none' }]);
    expect(await screen.findByRole('article', { name: '+923219876543' })).toHaveTextContent('0 attempts');
    expect(form().getByRole('textbox', { name: 'Phone number or e-mail' })).toHaveValue('');
    expect(form().getByRole('textbox', { name: 'Reason' })).toHaveValue('');
  });

  it('shows the server’s errors beside their fields and focuses the first', async () => {
    const { user } = setup({
      block: () =>
        json(
          {
            message: 'Enter a Pakistani phone number or an e-mail address.',
            errors: { value: ['Enter a Pakistani phone number or an e-mail address.'], reason: ['Give a reason for blocking.'] },
          },
          400,
        ),
    });
    await screen.findByRole('article', { name: '+923001234567' });

    await user.type(form().getByRole('textbox', { name: 'Phone number or e-mail' }), 'not a phone');
    await user.click(form().getByRole('button', { name: 'Block' }));

    const value = form().getByRole('textbox', { name: 'Phone number or e-mail' });
    await waitFor(() => {
      expect(value).toHaveAttribute('aria-invalid', 'true');
    });
    expect(value).toHaveAccessibleDescription(
      'A Pakistani phone number in any writing (e.g. 0300 1234567) or an e-mail address. Enter a Pakistani phone number or an e-mail address.',
    );
    expect(form().getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Give a reason for blocking.');
    expect(value).toHaveFocus();
    expect(value).toHaveValue('not a phone');
  });

  it('shows a conflict’s message', async () => {
    const { user } = setup({ block: () => json({ message: 'This phone number is already blocked.' }, 409) });
    await screen.findByRole('article', { name: '+923001234567' });

    await user.type(form().getByRole('textbox', { name: 'Phone number or e-mail' }), '+92 300 1234567');
    await user.type(form().getByRole('textbox', { name: 'Reason' }), 'Again');
    await user.click(form().getByRole('button', { name: 'Block' }));

    expect(await form().findByText('❌ This phone number is already blocked.')).toHaveClass('admin-message--error');
  });

  it('unblocks an entry and keeps its attempts', async () => {
    const { calls, user } = setup();
    await screen.findByRole('article', { name: '+923001234567' });

    await user.click(screen.getByRole('button', { name: 'Unblock +923001234567' }));

    expect(await screen.findByText('Unblocked.')).toHaveClass('admin-message--success');
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: '+923001234567' })).not.toBeInTheDocument();
    });
    expect(calls).toContain('DELETE /api/blocklist/3');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('says when nobody is blocked and no checkout was refused', async () => {
    setup({ entries: [], attempts: [] });

    expect(await screen.findByText('Nobody is blocked.')).toBeInTheDocument();
    expect(screen.getByText('No blocked checkout attempts yet.')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { EmailStatusPanel } from './email-status-panel';
import { SendEmailForm } from './send-email-form';

const customers = [
  { _id: 'u1', name: 'Ayesha Khan', email: 'ayesha@example.pk' },
  { _id: 'u2', name: 'Bilal Ahmed', email: 'bilal@example.pk' },
];

type Answer = (body: unknown) => Response | Promise<Response>;

function setup({ send }: { send?: Answer } = {}) {
  const sends: { body: unknown; credentials: RequestCredentials }[] = [];
  let statusCalls = 0;
  mockFetch(async (url, request) => {
    const call = `${request.method} ${url.pathname}`;
    if (call === 'GET /api/users/admin/users') return json(customers);
    if (call === 'GET /api/users/admin/email-status') {
      statusCalls += 1;
      return json({ queued: 0, sent: statusCalls, failed: 0 });
    }
    if (call === 'POST /api/users/admin/bulk-email-preview') {
      const body = (await request.json()) as { subject: string; message: string; sendToAll: boolean; selectedEmails: string[] };
      const recipients = body.sendToAll ? customers.length : body.selectedEmails.length;
      const text = `${body.message}\n\n--\nYou get this e-mail as a customer of the shop. Unsubscribe: http://shop/unsubscribe?token=…\n`;
      return json({ recipients, blocked: 1, unsubscribed: 0, subject: body.subject, text, html: '' });
    }
    if (call === 'POST /api/users/admin/send-bulk-email') {
      const body: unknown = await request.json();
      sends.push({ body, credentials: request.credentials });
      return send ? send(body) : json({ message: '✅ Emails sent!', queued: 2, blocked: 0, unsubscribed: 0 }, 202);
    }
    return json({ message: 'Not found' }, 404);
  });
  renderWithProviders(
    <>
      <SendEmailForm />
      <EmailStatusPanel />
    </>,
    { route: '/admin/send-email' },
  );
  return { sends, user: userEvent.setup(), statusCalls: () => statusCalls };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, subject: string, message: string) {
  if (subject !== '') await user.type(screen.getByRole('textbox', { name: 'Subject' }), subject);
  if (message !== '') await user.type(screen.getByRole('textbox', { name: 'Message' }), message);
}

const previewButton = () => screen.getByRole('button', { name: 'Preview' });

/** Previews, reads the count, and sends. */
async function previewAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.click(previewButton());
  await user.click(await screen.findByRole('button', { name: /^Send to \d+ customers?$/ }));
}

describe('SendEmailForm', () => {
  it('chooses nobody at first, and previews the count and the text before sending', async () => {
    const { sends, user } = setup();
    expect(screen.getByRole('radio', { name: 'All customers' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Selected customers' })).toBeChecked();
    await fillIn(user, 'Eid sale', 'Everything 10% off.');

    await user.click(previewButton());

    expect(await screen.findByText('Choose at least one customer.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All customers' }));
    await user.click(previewButton());
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('status')).toHaveTextContent('This e-mail goes to 2 customers. Left out: 1 on the blocklist.');
    expect(within(preview).getByText(/Unsubscribe: http:\/\/shop\/unsubscribe/)).toBeInTheDocument();
    expect(sends).toEqual([]);
  });

  it('sends to all customers when chosen, with the admin cookie, and says how many were queued', async () => {
    const { sends, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'All customers' }));

    await fillIn(user, 'Eid sale', 'Everything 10% off.');
    await previewAndSend(user);

    expect(await screen.findByText('✅ Emails sent! 2 e-mails queued.')).toHaveClass('admin-message--success');
    expect(sends).toEqual([
      {
        body: { subject: 'Eid sale', message: 'Everything 10% off.', sendToAll: true, selectedEmails: [] },
        credentials: 'include',
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  });

  it('sends to the ticked customers only', async () => {
    const { sends, user } = setup({ send: () => json({ message: '✅ Emails sent!', queued: 1, blocked: 0, unsubscribed: 0 }, 202) });
    await fillIn(user, 'Your order', 'It ships today.');

    await user.click(screen.getByRole('radio', { name: 'Selected customers' }));
    const list = screen.getByRole('group', { name: /^Customers/ });
    const bilal = await within(list).findByRole('checkbox', { name: 'Bilal Ahmed bilal@example.pk' });
    expect(within(list).getByRole('checkbox', { name: 'Ayesha Khan ayesha@example.pk' })).not.toBeChecked();
    await user.click(bilal);
    await previewAndSend(user);

    expect(await screen.findByText('✅ Emails sent! 1 e-mail queued.')).toBeInTheDocument();
    expect(sends.map((send) => send.body)).toEqual([
      { subject: 'Your order', message: 'It ships today.', sendToAll: false, selectedEmails: ['bilal@example.pk'] },
    ]);
  });

  it.each([
    ['no subject', '', 'Hello'],
    ['no message', 'Hello', ''],
    ['only spaces', '   ', '   '],
  ])('refuses %s without asking the server', async (_, subject, message) => {
    const { sends, user } = setup();
    await fillIn(user, subject, message);
    await user.click(previewButton());

    expect(await screen.findByText('Subject and message are required.')).toHaveClass('admin-message--error');
    expect(sends).toEqual([]);
  });

  it('asks for a customer when Selected customers has none ticked', async () => {
    const { sends, user } = setup();
    await fillIn(user, 'Hi', 'There');
    await user.click(screen.getByRole('radio', { name: 'Selected customers' }));
    await user.click(previewButton());

    expect(await screen.findByText('Choose at least one customer.')).toBeInTheDocument();
    expect(sends).toEqual([]);
  });

  it("shows the server's message when it refuses", async () => {
    const { user } = setup({ send: () => json({ message: "Not a customer's e-mail: x@y.pk" }, 400) });
    await user.click(screen.getByRole('radio', { name: 'All customers' }));
    await fillIn(user, 'Hi', 'There');
    await previewAndSend(user);

    expect(await screen.findByText("Not a customer's e-mail: x@y.pk")).toHaveClass('admin-message--error');
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the refusal carries no message', () => new Response('Bad Gateway', { status: 502 })],
  ])("shows '❌ Failed to send emails.' when %s", async (_, send) => {
    const { user } = setup({ send });
    await user.click(screen.getByRole('radio', { name: 'All customers' }));
    await fillIn(user, 'Hi', 'There');
    await previewAndSend(user);

    expect(await screen.findByText('❌ Failed to send emails.')).toBeInTheDocument();
  });
});

describe('EmailStatusPanel', () => {
  function count(label: string) {
    const term = within(screen.getByRole('region', { name: 'Email status' })).getByText(label, { selector: 'dt' });
    return term.nextElementSibling?.textContent;
  }

  it('shows the outbox counts and asks again after a send', async () => {
    const { user, statusCalls } = setup();
    await screen.findByText('Sent', { selector: 'dt' });
    expect(count('Queued')).toBe('0');
    expect(count('Sent')).toBe('1');
    expect(count('Failed')).toBe('0');

    await user.click(screen.getByRole('radio', { name: 'All customers' }));
    await fillIn(user, 'Hi', 'There');
    await previewAndSend(user);
    await screen.findByText(/✅ Emails sent!/);

    await screen.findByText('2', { selector: 'dd' });
    expect(statusCalls()).toBeGreaterThanOrEqual(2);
  });
});

import { describe, expect, it } from 'vitest';

import { emptyBulkEmailFields, sentMessage, toBulkEmailBody, toggleEmail } from './bulk-email';

describe('toBulkEmailBody', () => {
  const filled = { ...emptyBulkEmailFields, recipients: 'all' as const, subject: ' Eid sale ', message: 'Everything 10% off.' };

  it('sends to every customer with no addresses', () => {
    expect(toBulkEmailBody(filled)).toEqual({
      body: { subject: 'Eid sale', message: 'Everything 10% off.', sendToAll: true, selectedEmails: [] },
    });
  });

  it('sends to the ticked customers only', () => {
    const fields = { ...filled, recipients: 'selected' as const, selectedEmails: ['a@x.pk', 'b@x.pk'] };
    expect(toBulkEmailBody(fields)).toEqual({
      body: { subject: 'Eid sale', message: 'Everything 10% off.', sendToAll: false, selectedEmails: ['a@x.pk', 'b@x.pk'] },
    });
  });

  it.each([
    ['no subject', { subject: '   ' }],
    ['no message', { message: '\n ' }],
  ])('refuses %s', (_, change) => {
    expect(toBulkEmailBody({ ...filled, ...change })).toEqual({ error: 'Subject and message are required.' });
  });

  it('refuses Selected customers with none ticked', () => {
    expect(toBulkEmailBody({ ...filled, recipients: 'selected' })).toEqual({ error: 'Choose at least one customer.' });
  });
});

describe('toggleEmail', () => {
  it('ticks and unticks', () => {
    expect(toggleEmail(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleEmail(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('sentMessage', () => {
  it('says how many were queued', () => {
    expect(sentMessage(1)).toBe('✅ Emails sent! 1 e-mail queued.');
    expect(sentMessage(3)).toBe('✅ Emails sent! 3 e-mails queued.');
  });
});

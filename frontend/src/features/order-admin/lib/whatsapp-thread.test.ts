import { describe, expect, it } from 'vitest';

import { confirmedBadgeText, messageAuthor, messageKindLabel, messageStateLabel, threadStateLabel } from './whatsapp-thread';

describe('WhatsApp words', () => {
  it('names every message state, thread state and kind in words, and one it does not know as the server wrote it', () => {
    expect(['queued', 'sent', 'delivered', 'read', 'failed', 'received', 'deleted'].map(messageStateLabel)).toEqual([
      'Waiting to send',
      'Sent',
      'Delivered',
      'Read',
      'Failed',
      'Received',
      'deleted',
    ]);
    expect(['none', 'queued', 'sent', 'delivered', 'read', 'failed', 'replied'].map(threadStateLabel)).toEqual([
      'No message',
      'Waiting to send',
      'Sent, no reply',
      'Delivered, no reply',
      'Read, no reply',
      'Message failed',
      'Replied',
    ]);
    expect(['confirmation', 'update', 'reply', 'note'].map(messageKindLabel)).toEqual(['Confirmation request', 'Status update', 'Reply', 'Note']);
    expect([messageAuthor('out'), messageAuthor('in')]).toEqual(['Shop', 'Shopper']);
  });

  it('says how an order was confirmed', () => {
    const at = '2026-11-24T06:10:00Z';
    expect(confirmedBadgeText({ confirmedAt: at, confirmedVia: 'whatsapp', whatsapp: null })).toBe('Confirmed on WhatsApp');
    expect(confirmedBadgeText({ confirmedAt: at, confirmedVia: 'link', whatsapp: null })).toBe('Confirmed by link');
    expect(confirmedBadgeText({ confirmedAt: at, confirmedVia: null, whatsapp: null })).toBe('Confirmed');
    expect(confirmedBadgeText({ confirmedAt: null, confirmedVia: null, whatsapp: null })).toBe('Not confirmed');
  });
});

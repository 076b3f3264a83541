import type { AdminOrderResponse } from '@/api/generated';

/** An order's WhatsApp thread as the admin's calls send it (null when WhatsApp is off). */
export type WhatsAppThread = NonNullable<AdminOrderResponse['whatsapp']>;
/** One message of the thread. */
export type WhatsAppMessage = WhatsAppThread['messages'][number];

/** The WhatsApp words on the admin's screens (docs/whatsapp.md, docs/decisions/0039). */
export const whatsAppMessages = {
  confirmedOnWhatsApp: 'Confirmed on WhatsApp',
  confirmedByLink: 'Confirmed by link',
  noMessages: 'No WhatsApp message yet.',
  on: 'WhatsApp is on: every order gets its confirmation message, and every status change its update.',
  off: 'WhatsApp is off: the server has no WHATSAPP_* settings (docs/whatsapp.md), so orders are confirmed by e-mail only. The templates below are kept for when it is on.',
} as const;

const messageStates: Record<WhatsAppMessage['state'], string> = {
  queued: 'Waiting to send',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  received: 'Received',
};

const threadStates: Record<WhatsAppThread['state'], string> = {
  none: 'No message',
  queued: 'Waiting to send',
  sent: 'Sent, no reply',
  delivered: 'Delivered, no reply',
  read: 'Read, no reply',
  failed: 'Message failed',
  replied: 'Replied',
};

const kinds: Record<WhatsAppMessage['kind'], string> = {
  confirmation: 'Confirmation request',
  update: 'Status update',
  reply: 'Reply',
  note: 'Note',
};

/** A label the screen does not know, as the server wrote it. */
function labelOf<K extends string>(labels: Record<K, string>, value: string): string {
  return value in labels ? labels[value as K] : value;
}

/** One message's state in words: 'Waiting to send', 'Sent', 'Delivered', 'Read', 'Failed' or 'Received'. */
export const messageStateLabel = (state: string) => labelOf(messageStates, state);

/** The thread's state in words for the list's badge: 'Read, no reply', 'Message failed', 'Replied', ... */
export const threadStateLabel = (state: string) => labelOf(threadStates, state);

/** What a message was: 'Confirmation request', 'Status update', 'Reply' or 'Note'. */
export const messageKindLabel = (kind: string) => labelOf(kinds, kind);

/** Who wrote it: 'Shop' or 'Shopper'. */
export const messageAuthor = (direction: string) => (direction === 'in' ? 'Shopper' : 'Shop');

/** The list's WhatsApp filter (`whatsapp=` of GET /api/orders). */
export const whatsAppFilterOptions = [
  { value: '', label: 'Any WhatsApp' },
  { value: 'confirmed', label: 'Confirmed on WhatsApp' },
  { value: 'noReply', label: 'No reply' },
  { value: 'failed', label: 'Message failed' },
] as const;

/**
 * The confirmation badge's words: 'Confirmed on WhatsApp', 'Confirmed by link', 'Confirmed' (confirmed before
 * the shop recorded how) or 'Not confirmed'.
 */
export function confirmedBadgeText(order: Pick<AdminOrderResponse, 'confirmedAt' | 'confirmedVia' | 'whatsapp'>): string {
  if (order.confirmedVia === 'whatsapp' || order.whatsapp?.confirmedOnWhatsApp) return whatsAppMessages.confirmedOnWhatsApp;
  if (!order.confirmedAt) return 'Not confirmed';
  return order.confirmedVia === 'link' ? whatsAppMessages.confirmedByLink : 'Confirmed';
}

import type { AdminOrderResponse } from '@/api/generated';
import { formatDateTime } from '@/lib/date-time';

import { messageAuthor, messageKindLabel, messageStateLabel, threadStateLabel, whatsAppMessages } from '../lib/whatsapp-thread';

import '../whatsapp.css';

/**
 * The list's WhatsApp badge beside the risk and confirmation badges: the thread's state in words ('Read, no
 * reply', 'Message failed' in red, ...); nothing when WhatsApp is off, no message went out, or the shopper
 * confirmed there (the confirmation badge says so).
 */
export function WhatsAppBadge({ order }: { order: Pick<AdminOrderResponse, 'whatsapp'> }) {
  const thread = order.whatsapp;
  if (!thread || thread.state === 'none' || thread.confirmedOnWhatsApp) return null;
  return (
    <span className={`whatsapp-badge whatsapp-badge--${thread.state === 'failed' ? 'failed' : 'plain'}`}>
      WhatsApp: {threadStateLabel(thread.state)}
    </span>
  );
}

/**
 * The expanded order's WhatsApp thread (docs/whatsapp.md 'For the owner'): each message oldest first, who wrote
 * it, what it was, when, its state in words, its text, and a failure's error in red. Nothing when WhatsApp is off.
 */
export function WhatsAppThread({ order }: { order: Pick<AdminOrderResponse, '_id' | 'whatsapp'> }) {
  const thread = order.whatsapp;
  if (!thread) return null;
  return (
    <section aria-label="WhatsApp" className="whatsapp-thread">
      <h4>WhatsApp</h4>
      {thread.confirmedOnWhatsApp && <p className="whatsapp-thread__confirmed">✓ {whatsAppMessages.confirmedOnWhatsApp}</p>}
      {thread.messages.length === 0 ? (
        <p className="status-text">{whatsAppMessages.noMessages}</p>
      ) : (
        <ol className="whatsapp-thread__messages" aria-label={`WhatsApp messages of order #${order._id}`}>
          {thread.messages.map((message, index) => {
            const failed = message.state === 'failed';
            return (
              <li
                key={`${message.at}-${index}`}
                className={`whatsapp-message whatsapp-message--${message.direction === 'in' ? 'in' : 'out'}${failed ? ' whatsapp-message--failed' : ''}`}
              >
                <p className="whatsapp-message__meta">
                  <span>
                    {messageAuthor(message.direction)} · {messageKindLabel(message.kind)}
                  </span>{' '}
                  <time dateTime={message.at}>{formatDateTime(message.at)}</time>{' '}
                  <span className={`whatsapp-message__state whatsapp-message__state--${failed ? 'failed' : 'plain'}`}>
                    {messageStateLabel(message.state)}
                  </span>
                </p>
                <p className="whatsapp-message__text">{message.text}</p>
                {message.error && <p className="whatsapp-message__error">Error: {message.error}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

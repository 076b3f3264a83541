import ordersTexts from '@/i18n/en/orders.json';
import { formatDateTime } from '@/lib/date-time';
import { currentLanguage } from '@/lib/language';
// The page's language is fixed for its load (lib/language.ts): reading a catalogue is no hook and may happen
// anywhere, as long as it happens when the text is shown rather than when the module loads.
import { useMessages as messagesOf, type Messages } from '@/lib/i18n';

/** My Orders' own texts in the page's language (`i18n/<language>/orders.json`). */
export const ordersText = () => messagesOf(ordersTexts, 'orders');

/** My Orders' texts (docs/spec.md §2 'My Orders', §8 'Orders'); read when shown, in the page's language. */
export const ordersMessages = {
  get notLoggedIn() {
    return ordersText().notLoggedIn();
  },
  get none() {
    return ordersText().none();
  },
  get loadFailed() {
    return ordersText().loadFailed();
  },
  get moreFailed() {
    return ordersText().moreFailed();
  },
  get confirmLinkInvalid() {
    return ordersText().confirmLinkInvalid();
  },
  get confirmFailed() {
    return ordersText().confirmFailed();
  },
  /** The server's 410 for a link used before: good news, shown as such. */
  get alreadyConfirmed() {
    return ordersText().alreadyConfirmed();
  },
  get confirmed() {
    return ordersText().confirmed();
  },
  get confirmedOnWhatsApp() {
    return ordersText().confirmedOnWhatsApp();
  },
  get notConfirmed() {
    return ordersText().notConfirmed();
  },
};

/**
 * The server's words for a link used before ('This order is already confirmed.'), in English or in the page's
 * language (the server answers in the language the page asks for): good news, shown as such.
 */
export function isAlreadyConfirmed(message: string): boolean {
  const english = ordersTexts as unknown as Messages<typeof ordersTexts>;
  return message === ordersMessages.alreadyConfirmed || message === english.alreadyConfirmed();
}

/** A phone number isolated from the text around it (U+2068 … U+2069) on an Urdu page, so it reads left to right there. */
function isolated(text: string): string {
  return currentLanguage() === 'ur' ? `\u2068${text}\u2069` : text;
}

/**
 * The WhatsApp next step (docs/whatsapp.md): 'We've sent a WhatsApp message to 0300 1234567: tap Confirm', with
 * ' within 24 hours' when the hours are known, and a full stop.
 */
export function whatsAppSentText(to: string, hours?: number): string {
  const t = ordersText();
  const number = isolated(to);
  return hours === undefined ? t.whatsAppSent({ to: number }) : t.whatsAppSentWithin({ to: number, hours });
}

/**
 * My Orders' WhatsApp next step for an order placed at `placedAt` (ISO 8601) that should be confirmed within
 * `hours`: 'We've sent a WhatsApp message to 0300 1234567: tap Confirm by 25 Nov 2026, 11:00.' (Pakistan time).
 */
export function whatsAppSentByText(to: string, placedAt: string, hours: number): string {
  const by = new Date(Date.parse(placedAt) + hours * 3_600_000).toISOString();
  const t = ordersText();
  const number = isolated(to);
  return t.whatsAppSentBy({ to: number, date: formatDateTime(by) });
}

import type { Message } from './i18n';
import { setUrduRupees } from './money';

/** The locale Intl formats numbers, money and dates with on Urdu pages. */
export const URDU_LOCALE = 'ur-PK';

const rupees = new Intl.NumberFormat(URDU_LOCALE, { style: 'currency', currency: 'PKR', maximumFractionDigits: 0 });
setUrduRupees((whole) => rupees.format(whole));

/** Every Urdu catalogue (`src/i18n/ur/<screen>.json`, compiled by build/messages.ts), by screen. */
export const catalogues: Record<string, Record<string, Message>> = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, Message>>('../i18n/ur/*.json', { import: 'default', eager: true })).map(
    ([file, messages]) => [file.replace(/^.*\/([\w-]+)\.json$/, '$1'), messages],
  ),
);

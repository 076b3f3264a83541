import { currentLanguage } from './language';

/** Pakistan's time zone: every date the shop shows is read there, whatever the phone's own setting. */
export const SHOP_TIME_ZONE = 'Asia/Karachi';

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: SHOP_TIME_ZONE,
};
const dateTime = new Intl.DateTimeFormat('en-GB', dateTimeOptions);
/** Urdu pages' dates: Intl for `ur-PK` ('24 نومبر 2026، 11:00'), made when an Urdu page first needs one. */
let urduDateTime: Intl.DateTimeFormat | undefined;

/**
 * An ISO 8601 timestamp as '24 Nov 2026, 11:00' in Pakistan time (on an Urdu page as Intl writes it for
 * `ur-PK`); the text itself when it is no date.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (currentLanguage() !== 'ur') return dateTime.format(date);
  urduDateTime ??= new Intl.DateTimeFormat('ur-PK', dateTimeOptions);
  return urduDateTime.format(date);
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A calendar date `YYYY-MM-DD` (already a date in Pakistan, as the server answers them) as the shop writes dates:
 * '26 Oct 2026', or '26 Oct' without the year; the text itself when it is no date.
 */
export function formatShopDate(date: string, { year = true }: { year?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  if (!match || !month) return date;
  return year ? `${Number(match[3])} ${month} ${match[1]}` : `${Number(match[3])} ${month}`;
}

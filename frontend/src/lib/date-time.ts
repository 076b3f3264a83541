/** Pakistan's time zone: every date the shop shows is read there, whatever the phone's own setting. */
export const SHOP_TIME_ZONE = 'Asia/Karachi';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: SHOP_TIME_ZONE,
});

/** An ISO 8601 timestamp as '24 Nov 2026, 11:00' in Pakistan time; the text itself when it is no date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
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

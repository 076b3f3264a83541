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

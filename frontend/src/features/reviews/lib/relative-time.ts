const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
];

/** The formatter of each locale used so far: English, and `ur-PK` on Urdu pages. */
const formats = new Map<string, Intl.RelativeTimeFormat>();

function formatIn(locale: string): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    formats.set(locale, format);
  }
  return format;
}

/**
 * How long ago `then` was, in its largest whole unit: '3 days ago', '1 month ago'. A moment in the future
 * (a clock ahead of ours) reads '1 second ago'; an unreadable date reads ''. In `locale`'s words: `ur-PK` on Urdu
 * pages ('3 دن پہلے').
 */
export function timeAgo(then: Date, now: Date = new Date(), locale = 'en'): string {
  const format = formatIn(locale);
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-1, 'second');
}

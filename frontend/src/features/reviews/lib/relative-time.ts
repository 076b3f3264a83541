const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * How long ago `then` was, in its largest whole unit: '3 days ago', '1 month ago'. A moment in the future
 * (a clock ahead of ours) reads '1 second ago'; an unreadable date reads ''.
 */
export function timeAgo(then: Date, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-1, 'second');
}

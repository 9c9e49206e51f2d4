const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * How far `iso` is from now, in words: "3 days ago", "just now", and for a time more than a minute ahead
 * (an expiry) "in 3 days". Less than a minute ahead reads as "just now": clocks differ by that much.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  const distance = Math.abs(seconds);
  for (const [unit, size] of units) {
    if (distance >= size) return format.format(Math.sign(seconds) * -Math.floor(distance / size), unit);
  }
  return 'just now';
}

/** The date and time in full ("Mar 10, 2026, 12:00 PM"), shown on hover beside the relative one. */
export function absoluteTime(iso: string): string {
  return absolute.format(new Date(iso));
}

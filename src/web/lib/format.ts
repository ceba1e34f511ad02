// Made on first use: building a formatter loads its locale and time zone data, which cost the
// storefront's first script ~15 ms (60 ms on a slow phone) for dates most of its pages never show.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let numberFormat: Intl.NumberFormat | undefined;
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** 21 Nov 2026 */
export function formatDate(iso: string | Date): string {
  dateFormat ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
  return dateFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** 21 Nov 2026, 3:45 pm */
export function formatDateTime(iso: string | Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });
  return dateTimeFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

// The unit that reads naturally at each distance: under 45 s in seconds, under 45 minutes in minutes, and so on.
const RELATIVE_UNITS: [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [45, 'second', 1],
  [45 * 60, 'minute', 60],
  [22 * 3600, 'hour', 3600],
  [26 * 86_400, 'day', 86_400],
  [320 * 86_400, 'month', 30 * 86_400],
  [Infinity, 'year', 365 * 86_400],
];

/** "in 5 minutes", "2 hours ago", "now": how far `iso` is from `now` (Indian English). */
export function formatRelativeTime(iso: string | Date, now: number = Date.now()): string {
  relativeFormat ??= new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });
  const seconds = ((typeof iso === 'string' ? Date.parse(iso) : iso.getTime()) - now) / 1000;
  const [, unit, size] = RELATIVE_UNITS.find(([limit]) => Math.abs(seconds) < limit)!;
  // Rounded alike on both sides of now (Math.round(-1.5) is -1): 90 minutes ago is "2 hours ago", as 90 minutes ahead is "in 2 hours".
  const value = seconds / size;
  return relativeFormat.format(Math.sign(value) * Math.round(Math.abs(value)), unit);
}

/** 1,23,456 */
export function formatCount(n: number): string {
  numberFormat ??= new Intl.NumberFormat('en-IN');
  return numberFormat.format(n);
}

/** +91 98220 45678 from +919822045678 */
export function formatMobile(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
}

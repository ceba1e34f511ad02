import { groupDigits } from '~/shared/money';

// Dates, days and counts that storefront pages show as they hydrate are formatted without Intl
// (decision 36): a page's first Intl formatter loads the locale's ICU data, 20–50 ms of a phone's main
// thread in one piece. India keeps UTC+05:30 all year, so its wall clock is UTC's, 330 minutes on.
// The others are made on first use, for the same reason.
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let numberFormat: Intl.NumberFormat | undefined;
let relativeFormat: Intl.RelativeTimeFormat | undefined;

// As Intl's en-IN data writes them ("Sept", as in British English).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const IST_OFFSET_MS = 330 * 60_000;

/** The moment as India's wall clock, read with the UTC getters. */
function inIndia(iso: string | Date): Date {
  return new Date((typeof iso === 'string' ? Date.parse(iso) : iso.getTime()) + IST_OFFSET_MS);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "October 2026" from a yyyy-mm (a report's month); anything else as it is. */
export function formatMonth(yearMonth: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  const name = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : yearMonth;
}

/** 21 Nov 2026 */
export function formatDate(iso: string | Date): string {
  const d = inIndia(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "Wed, 12 Nov" from a yyyy-mm-dd that is a day in India (a delivery date). */
export function formatWeekdayDate(isoDate: string): string {
  const d = inIndia(`${isoDate}T12:00:00+05:30`);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
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
  if (Number.isSafeInteger(n)) return groupDigits(n);
  numberFormat ??= new Intl.NumberFormat('en-IN');
  return numberFormat.format(n);
}

// Shared with the server's documents (the packing slip): one way to write a mobile everywhere.
export { formatMobile } from '~/shared/phone';

// Made on first use: building a formatter loads its locale and time zone data, which cost the
// storefront's first script ~15 ms (60 ms on a slow phone) for dates most of its pages never show.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let numberFormat: Intl.NumberFormat | undefined;

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

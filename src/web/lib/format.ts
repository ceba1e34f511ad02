const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const numberFormat = new Intl.NumberFormat('en-IN');

/** 21 Nov 2026 */
export function formatDate(iso: string | Date): string {
  return dateFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** 21 Nov 2026, 3:45 pm */
export function formatDateTime(iso: string | Date): string {
  return dateTimeFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** 1,23,456 */
export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** +91 98220 45678 from +919822045678 */
export function formatMobile(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
}

import { formatDate } from '~/web/lib/format';

/** yyyy-mm-dd (a day in India) as a Date at noon IST, so no time zone moves it to another day. */
function indianDay(day: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00+05:30`) : new Date(day);
}

/** "24 Nov 2026" from a yyyy-mm-dd day or an ISO time. */
export function formatDay(day: string): string {
  return formatDate(indianDay(day));
}

/** "24 Nov 2026 – 27 Nov 2026", or one day when both are the same. */
export function formatDeliveryWindow(from: string | null, by: string | null): string | null {
  if (!by) return from ? formatDay(from) : null;
  if (!from || from === by) return formatDay(by);
  return `${formatDay(from)} – ${formatDay(by)}`;
}

/** Statuses in which the order is still on its way to the customer. */
export const OPEN_STATUSES = new Set(['pending_payment', 'placed', 'processing', 'shipped']);

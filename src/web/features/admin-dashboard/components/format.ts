import { formatPaise } from '~/shared/money';
import type { AdminDashboard } from '~/shared/schemas/dashboard';

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "24 Nov" from 2026-11-24 (a date of India's calendar, shown as it is). */
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** "1 Nov 2026 – 25 Nov 2026", or one day. */
export function periodLabel(p: { from: string; to: string }): string {
  const from = fullDayFormat.format(new Date(`${p.from}T00:00:00Z`));
  return p.from === p.to ? from : `${from} – ${fullDayFormat.format(new Date(`${p.to}T00:00:00Z`))}`;
}

/** What the previous period is called in "on the previous …": "day", "7 days". */
export const previousName = (d: Pick<AdminDashboard, 'period'>) => (d.period.days === 1 ? 'day' : `${d.period.days} days`);

/** Whole rupees for chart axes and tables: ₹1,23,456. */
export const rupees = (paise: number) => formatPaise(Math.round(paise / 100) * 100).replace(/\.00$/, '');

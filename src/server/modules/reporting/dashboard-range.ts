import { IST_OFFSET_MS, indiaDay } from '../../lib/dates';
import { daysBetween, indiaToday, type AdminDashboardQuery } from '~/shared/schemas/dashboard';

const DAY_MS = 86_400_000;

/** Midnight in India at the start of a date (YYYY-MM-DD), as an instant. */
const midnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
/** The India date of an instant. */
export const dayOf = indiaDay;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export interface DashboardPeriods {
  /** India dates, both counted. */
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
  /** Instants: the previous period is [previousStart, start), the period [start, end). */
  previousStart: Date;
  start: Date;
  end: Date;
}

/**
 * The days of a dashboard range in India time, and the period of the same length just before:
 * today; the last 7 or 30 days, today included; this month from its first day to today; or the
 * custom days (already checked by the query schema).
 */
export function periodsOf(query: AdminDashboardQuery, now: Date): DashboardPeriods {
  const today = indiaToday(now);
  let from: string;
  let to = today;
  switch (query.range) {
    case 'today':
      from = today;
      break;
    case '7d':
      from = addDays(today, -6);
      break;
    case '30d':
      from = addDays(today, -29);
      break;
    case 'month':
      from = `${today.slice(0, 8)}01`;
      break;
    case 'custom':
      from = query.from!;
      to = query.to!;
      break;
  }
  const days = daysBetween(from, to);
  const previousFrom = addDays(from, -days);
  return {
    from,
    to,
    days,
    previousFrom,
    previousTo: addDays(from, -1),
    previousStart: midnight(previousFrom),
    start: midnight(from),
    end: midnight(addDays(to, 1)),
  };
}

/** Every date of a period, oldest first. */
export const datesOf = (from: string, days: number) => Array.from({ length: days }, (_, i) => addDays(from, i));

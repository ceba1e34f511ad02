import { IST_OFFSET_MS, indiaDay } from '../../lib/dates';
const DAY_MS = 86_400_000;

export { indiaDay };

/** Midnight in India starting the Monday of the week that holds `at`. */
export function mondayOf(at: Date): Date {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday) - IST_OFFSET_MS);
}

/**
 * The settlement week a settlement at `now` settles: the last week (Monday to Sunday, India time)
 * that has ended. Lines whose return window closed before its end (`endsBefore`) are paid in it.
 */
export function settlementWeek(now: Date): { periodStart: string; periodEnd: string; endsBefore: Date } {
  const endsBefore = mondayOf(now);
  const start = new Date(endsBefore.getTime() - 7 * DAY_MS);
  return { periodStart: indiaDay(start), periodEnd: indiaDay(new Date(endsBefore.getTime() - 1)), endsBefore };
}

/** The Monday (YYYY-MM-DD) on which the week holding `now` is settled. */
export function nextSettlementDay(now: Date): string {
  return indiaDay(new Date(mondayOf(now).getTime() + 7 * DAY_MS));
}

/** The instants a calendar month (YYYY-MM) of India time starts and ends at. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, m - 1, 1) - IST_OFFSET_MS),
    to: new Date(Date.UTC(year, m, 1) - IST_OFFSET_MS),
  };
}

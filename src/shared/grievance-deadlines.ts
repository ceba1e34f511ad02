/**
 * The time limits of a consumer complaint under rule 4(5) of the Consumer Protection (E-Commerce)
 * Rules 2020: the grievance officer acknowledges it within forty-eight hours and redresses it within
 * one month from its receipt. "One month" is a calendar month in India (IST, no daylight saving):
 * received on 15 March at 10:00, due on 15 April at 10:00; received on 31 January, due on the last day
 * of February (the 31st does not exist there), at the same time of day.
 */
const IST_OFFSET_MS = 330 * 60_000;
export const ACKNOWLEDGE_WITHIN_HOURS = 48;

/** The day after which a complaint's acknowledgement and resolution are late. */
export function grievanceDueDates(receivedAt: Date): { acknowledgeBy: Date; resolveBy: Date } {
  const acknowledgeBy = new Date(receivedAt.getTime() + ACKNOWLEDGE_WITHIN_HOURS * 3_600_000);
  // Calendar arithmetic on the Indian wall clock, read through the UTC fields of a shifted date.
  const local = new Date(receivedAt.getTime() + IST_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const due = Date.UTC(year, month, day, local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return { acknowledgeBy, resolveBy: new Date(due - IST_OFFSET_MS) };
}

/** The year of a ticket number (GRV-2026-000123): the Indian calendar year the complaint was received in. */
export const ticketYearOf = (receivedAt: Date) => new Date(receivedAt.getTime() + IST_OFFSET_MS).getUTCFullYear();

/** GRV-2026-000123: the year and the complaint's number within it. */
export const ticketNumberOf = (year: number, n: number) => `GRV-${year}-${String(n).padStart(6, '0')}`;

import { formatWeekdayDate } from '~/web/lib/format';

/** "Wed, 12 Nov – Fri, 14 Nov", or one day when both are the same. */
export function formatDayRange(from: string, by: string): string {
  return from === by ? formatWeekdayDate(by) : `${formatWeekdayDate(from)} – ${formatWeekdayDate(by)}`;
}

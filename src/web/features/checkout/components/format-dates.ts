const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

/** "Wed, 12 Nov" from the quote's yyyy-mm-dd (a date in India). */
export function formatDay(isoDate: string): string {
  return dayFormat.format(new Date(`${isoDate}T12:00:00+05:30`));
}

/** "Wed, 12 Nov – Fri, 14 Nov", or one day when both are the same. */
export function formatDayRange(from: string, by: string): string {
  return from === by ? formatDay(by) : `${formatDay(from)} – ${formatDay(by)}`;
}

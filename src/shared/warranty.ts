/**
 * A unit's warranty (decision 72): it starts on the day the unit was delivered (in India) and runs for the
 * offer's months, its last day the day before the same date that many months later (12 Mar 2026 – 11 Mar 2027).
 */

/** The warranty's last day (yyyy-mm-dd) for a first day (yyyy-mm-dd) and a number of months; null without months. */
export function warrantyEndOf(startDay: string, months: number | null | undefined): string | null {
  if (!months || months <= 0) return null;
  const [y, m, d] = startDay.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  // The same date so many months later, or the month's last day when it has no such date (31 Jan + 1 month).
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const same = new Date(Date.UTC(year, month, Math.min(d, lastOfMonth)));
  const end = d > lastOfMonth ? same : new Date(same.getTime() - 86_400_000);
  return end.toISOString().slice(0, 10);
}

/** A yyyy-mm-dd day as people in India read it: 12 Mar 2026. */
export function warrantyDay(day: string): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** "Warranty 12 Mar 2026 – 11 Mar 2027", "Warranty starts on delivery", or null when the line has none. */
export function warrantyText(
  unit: { warrantyStart: string | null; warrantyEnd: string | null },
  months: number | null | undefined,
): string | null {
  if (!months) return null;
  if (!unit.warrantyStart) return `Warranty ${months} months, starts on delivery`;
  return `Warranty ${warrantyDay(unit.warrantyStart)} – ${unit.warrantyEnd ? warrantyDay(unit.warrantyEnd) : ''}`.trim();
}

/** India has one time zone, UTC+05:30, and no daylight saving. */
export const IST_OFFSET_MS = 330 * 60_000;

/** A timestamp as ISO text, or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A day as customers in India read it in messages and e-mails: 24 Nov 2026. */
export const dayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(d);

/** The day in India (yyyy-mm-dd) at a moment: files named by date after 18:30 UTC are already tomorrow's there. */
export const indiaDay = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A moment as India's wall clock for a CSV cell (2026-11-24 15:45): Excel reads it as a date and time,
 * and an accountant in India reads the time as theirs.
 */
export const indiaDateTime = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

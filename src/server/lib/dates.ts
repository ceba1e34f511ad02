/** A timestamp as ISO text, or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A day as customers in India read it in messages and e-mails: 24 Nov 2026. */
export const dayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(d);

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Formats an integer amount of paise as rupees with Indian digit grouping: ₹1,23,456.00. */
export function formatPaise(paise: number): string {
  if (!Number.isInteger(paise)) throw new TypeError(`Money must be an integer number of paise, got ${paise}`);
  return inr.format(paise / 100);
}

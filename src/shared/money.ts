// Formatted without Intl (decision 36): a page's first Intl formatter loads the locale's ICU data, 20–50 ms
// of the main thread in one piece (80–200 ms on a phone 4× slower), and every storefront page shows prices.

/** The digits of a whole number grouped the Indian way: 1,23,45,678 (last three, then pairs). */
export function groupDigits(whole: number): string {
  if (!Number.isSafeInteger(whole)) throw new TypeError(`Only whole numbers can be grouped, got ${whole}`);
  const digits = String(Math.abs(whole));
  const sign = whole < 0 ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${head},${digits.slice(-3)}`;
}

/** Formats an integer amount of paise as rupees with Indian digit grouping: ₹1,23,456.00. */
export function formatPaise(paise: number): string {
  if (!Number.isInteger(paise)) throw new TypeError(`Money must be an integer number of paise, got ${paise}`);
  const amount = Math.abs(paise);
  const rupees = groupDigits(Math.floor(amount / 100));
  return `${paise < 0 ? '-' : ''}₹${rupees}.${String(amount % 100).padStart(2, '0')}`;
}

/** Whole rupees, no paise: ₹45,990 (a "from" price). */
export function formatRupees(rupees: number): string {
  return `${rupees < 0 ? '-' : ''}₹${groupDigits(Math.abs(rupees))}`;
}

/**
 * Rupees as a person types them (₹, commas and spaces allowed; up to two decimals) in integer paise,
 * or null when the text is not such an amount. The one parse of typed rupees: the forms and the server's
 * schemas read the same text the same way. `maxWholeDigits` bounds the rupees (8: up to ₹9,99,99,999.99).
 */
export function parseRupeesToPaise(typed: string | number, maxWholeDigits = 8): number | null {
  const raw = typeof typed === 'number' ? String(typed) : typed.replace(/[₹,\s]/g, '');
  if (!new RegExp(`^\\d{1,${maxWholeDigits}}(\\.\\d{1,2})?$`).test(raw)) return null;
  return Math.round(Number(raw) * 100);
}

/** Where a PIN code is, as far as its first digits tell, and how fast and how we deliver there. */
export interface DeliveryZone {
  region: string;
  minDays: number;
  maxDays: number;
  /** Cash on delivery is offered (couriers do not collect cash in some remote areas). */
  cod: boolean;
}

interface ZoneRule extends DeliveryZone {
  prefixes: string[];
}

// First matching rule wins: longer prefixes first. Days are working days (Monday to Saturday) from dispatch.
const RULES: ZoneRule[] = [
  { prefixes: ['744'], region: 'Andaman and Nicobar Islands', minDays: 8, maxDays: 12, cod: false },
  { prefixes: ['682555'], region: 'Lakshadweep', minDays: 10, maxDays: 14, cod: false },
  { prefixes: ['411', '412'], region: 'Pune', minDays: 1, maxDays: 2, cod: true },
  { prefixes: ['400', '401', '410', '421'], region: 'Mumbai and Navi Mumbai', minDays: 1, maxDays: 2, cod: true },
  { prefixes: ['40', '41', '42', '43', '44'], region: 'Maharashtra', minDays: 2, maxDays: 4, cod: true },
  { prefixes: ['403'], region: 'Goa', minDays: 2, maxDays: 4, cod: true },
  { prefixes: ['560', '562'], region: 'Bengaluru', minDays: 2, maxDays: 4, cod: true },
  { prefixes: ['500', '501', '502'], region: 'Hyderabad', minDays: 2, maxDays: 4, cod: true },
  { prefixes: ['600', '601', '602', '603'], region: 'Chennai', minDays: 3, maxDays: 5, cod: true },
  { prefixes: ['110'], region: 'Delhi', minDays: 3, maxDays: 5, cod: true },
  { prefixes: ['700'], region: 'Kolkata', minDays: 3, maxDays: 5, cod: true },
  { prefixes: ['380', '382', '390', '395'], region: 'Gujarat', minDays: 2, maxDays: 4, cod: true },
  { prefixes: ['18', '19'], region: 'Jammu, Kashmir and Ladakh', minDays: 6, maxDays: 9, cod: false },
  { prefixes: ['78', '79'], region: 'North-East India', minDays: 6, maxDays: 9, cod: false },
  { prefixes: ['1'], region: 'North India', minDays: 4, maxDays: 6, cod: true },
  { prefixes: ['2'], region: 'Uttar Pradesh and Uttarakhand', minDays: 4, maxDays: 6, cod: true },
  { prefixes: ['3'], region: 'Rajasthan and Gujarat', minDays: 3, maxDays: 5, cod: true },
  { prefixes: ['4'], region: 'Central India', minDays: 3, maxDays: 5, cod: true },
  { prefixes: ['5'], region: 'South India', minDays: 3, maxDays: 5, cod: true },
  { prefixes: ['6'], region: 'South India', minDays: 3, maxDays: 6, cod: true },
  { prefixes: ['7'], region: 'East India', minDays: 4, maxDays: 6, cod: true },
  { prefixes: ['8'], region: 'Bihar and Jharkhand', minDays: 4, maxDays: 7, cod: true },
];

/** The quickest and the slowest standard delivery anywhere in India, in working days (the zones above). */
export const DELIVERY_DAYS_IN_INDIA = {
  minDays: Math.min(...RULES.map((r) => r.minDays)),
  maxDays: Math.max(...RULES.map((r) => r.maxDays)),
};

export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
export const PIN_CODE_MESSAGE = 'Enter a valid 6-digit PIN code';

/** The delivery zone of a 6-digit PIN code, or null when it is not a valid PIN code. */
export function deliveryZone(pin: string): DeliveryZone | null {
  if (!PIN_CODE_PATTERN.test(pin)) return null;
  const rule = RULES.find((r) => r.prefixes.some((p) => pin.startsWith(p)));
  if (!rule) return null;
  const { region, minDays, maxDays, cod } = rule;
  return { region, minDays, maxDays, cod };
}

/** The date `days` working days (Monday to Saturday) after `from`, as yyyy-mm-dd in India. */
export function addWorkingDays(from: Date, days: number): string {
  // Work on the calendar date in IST (UTC+05:30, no daylight saving).
  const ist = new Date(from.getTime() + 330 * 60_000);
  const date = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * The delivery window of an order placed at `now`: standard takes the zone's working days, express
 * is one to two working days faster (never less than one).
 */
export function deliveryWindow(
  zone: DeliveryZone,
  option: 'standard' | 'express',
  now: Date,
): { expectedFrom: string; expectedBy: string } {
  const { minDays, maxDays } = deliveryWindowDays(zone, option);
  return { expectedFrom: addWorkingDays(now, minDays), expectedBy: addWorkingDays(now, maxDays) };
}

/** The working days of a delivery option to a zone (or across zones): express is one to two days faster, never less than one. */
export function deliveryWindowDays(zone: { minDays: number; maxDays: number }, option: 'standard' | 'express') {
  const minDays = option === 'express' ? Math.max(1, zone.minDays - 1) : zone.minDays;
  const maxDays = option === 'express' ? Math.max(minDays, zone.maxDays - 2) : zone.maxDays;
  return { minDays, maxDays };
}

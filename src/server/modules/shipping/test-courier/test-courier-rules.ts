import type { CourierRate, Parcel, RateQuery, Serviceability } from '../provider';

/**
 * The built-in test courier's rules (decision 78): deterministic by PIN code, so a test or a story knows
 * what it will be offered. Pure: no clock, no state.
 *
 * - A PIN is six digits, the first 1–8 (India Post's regions); 9xxxxx (the Army Postal Service) and any PIN
 *   ending in 999 are not served (`UNSERVICEABLE_PIN`).
 * - Zones from the pickup PIN to the delivery PIN: `local` (same first three digits, one sorting district),
 *   `regional` (same first digit), `national` (any other), and the slow zone `special`: the north-east
 *   (78xxxx, 79xxxx), Jammu & Kashmir and Ladakh (18xxxx, 19xxxx), the Andaman & Nicobar Islands (744xxx)
 *   and Lakshadweep (6825xx), longer days and dearer.
 * - Chargeable weight: the dead weight or the volumetric one (L × W × H in cm ÷ 5000, in kg), whichever is
 *   more, rounded up to 500 g slabs. Charge: the first slab's price plus each further slab's, by zone and
 *   courier, plus a COD fee of 2% of the amount collected (at least ₹40), plus GST at 18%.
 * - Three couriers: Test Air Express (fastest, dearest, up to 10 kg, COD up to ₹25,000, no COD into the
 *   slow zone), Test Standard (up to 30 kg, COD up to ₹50,000), Test Economy Surface (cheapest, slowest,
 *   up to 50 kg, COD up to ₹1,00,000).
 * - No courier collects cash on the islands (Andaman & Nicobar 744xxx, Lakshadweep 6825xx): prepaid only
 *   there (decision 80).
 */

export type Zone = 'local' | 'regional' | 'national' | 'special';

interface TestCourierDef {
  id: string;
  name: string;
  /** The AWB's first letters. */
  prefix: string;
  mode: 'air' | 'surface';
  /** Paise for the first 500 g, by zone. */
  first: Record<Zone, number>;
  /** Paise for each further 500 g, by zone. */
  next: Record<Zone, number>;
  days: Record<Zone, number>;
  maxWeightGrams: number;
  codLimitPaise: number;
  codIntoSpecialZone: boolean;
}

export const TEST_COURIERS: readonly TestCourierDef[] = [
  {
    id: 'tc-air',
    name: 'Test Air Express',
    prefix: 'TA',
    mode: 'air',
    first: { local: 6_000, regional: 8_000, national: 11_000, special: 16_000 },
    next: { local: 3_000, regional: 4_000, national: 5_500, special: 8_000 },
    days: { local: 1, regional: 2, national: 2, special: 5 },
    maxWeightGrams: 10_000,
    codLimitPaise: 25_000_00,
    codIntoSpecialZone: false,
  },
  {
    id: 'tc-standard',
    name: 'Test Standard',
    prefix: 'TS',
    mode: 'surface',
    first: { local: 4_500, regional: 5_500, national: 7_000, special: 10_000 },
    next: { local: 1_500, regional: 2_000, national: 2_500, special: 4_000 },
    days: { local: 2, regional: 3, national: 4, special: 8 },
    maxWeightGrams: 30_000,
    codLimitPaise: 50_000_00,
    codIntoSpecialZone: true,
  },
  {
    id: 'tc-economy',
    name: 'Test Economy Surface',
    prefix: 'TE',
    mode: 'surface',
    first: { local: 3_500, regional: 4_000, national: 5_000, special: 8_000 },
    next: { local: 1_000, regional: 1_300, national: 1_800, special: 3_000 },
    days: { local: 3, regional: 4, national: 6, special: 10 },
    maxWeightGrams: 50_000,
    codLimitPaise: 1_00_000_00,
    codIntoSpecialZone: true,
  },
];

const SLAB_GRAMS = 500;

export function isPin(pin: string): boolean {
  return /^[1-9]\d{5}$/.test(pin);
}

/** Why the test courier does not serve a PIN, or null when it does. */
export function unservedBecause(pin: string): string | null {
  if (!isPin(pin)) return `${pin} is not an Indian PIN code.`;
  if (pin.startsWith('9')) return `${pin} is an Army Postal Service PIN: couriers do not deliver there.`;
  if (pin.endsWith('999')) return `No courier serves PIN ${pin}.`;
  return null;
}

export function isSlowZone(pin: string): boolean {
  return /^(78|79|18|19)/.test(pin) || pin.startsWith('744') || pin.startsWith('6825');
}

/** The islands, where no courier collects cash on delivery. */
export function isPrepaidOnly(pin: string): boolean {
  return pin.startsWith('744') || pin.startsWith('6825');
}

export function zoneOf(pickupPin: string, deliveryPin: string): Zone {
  if (isSlowZone(deliveryPin) || isSlowZone(pickupPin)) return 'special';
  if (pickupPin.slice(0, 3) === deliveryPin.slice(0, 3)) return 'local';
  if (pickupPin[0] === deliveryPin[0]) return 'regional';
  return 'national';
}

/** The weight a courier charges for: dead or volumetric (cm³ ÷ 5000 kg), whichever is more, up to the next 500 g. */
export function chargeableWeightGrams(parcel: Parcel): number {
  const volumetric = (parcel.lengthMm * parcel.widthMm * parcel.heightMm) / 5_000;
  const weight = Math.max(parcel.weightGrams, volumetric);
  return Math.max(SLAB_GRAMS, Math.ceil(weight / SLAB_GRAMS) * SLAB_GRAMS);
}

export function codFeePaise(codAmountPaise: number): number {
  return Math.max(4_000, Math.round(codAmountPaise * 0.02));
}

const withGst = (paise: number) => Math.round(paise * 1.18);

/** The test courier's answer for a parcel: every courier that takes it, cheapest first (then fastest). */
export function testCourierRates(query: RateQuery): Serviceability {
  for (const pin of [query.pickupPin, query.deliveryPin]) {
    const why = unservedBecause(pin);
    if (why) return { serviceable: false, rates: [], reason: why };
  }
  const zone = zoneOf(query.pickupPin, query.deliveryPin);
  const chargeable = chargeableWeightGrams(query.parcel);
  const slabs = chargeable / SLAB_GRAMS;
  const cod = query.codAmountPaise;
  const rates: CourierRate[] = [];
  const refusals: string[] = [];
  for (const c of TEST_COURIERS) {
    if (chargeable > c.maxWeightGrams) {
      refusals.push(`${c.name} takes parcels up to ${c.maxWeightGrams / 1000} kg`);
      continue;
    }
    if (cod !== null && (cod > c.codLimitPaise || (zone === 'special' && !c.codIntoSpecialZone) || isPrepaidOnly(query.deliveryPin))) {
      refusals.push(`${c.name} does not collect this cash on delivery`);
      continue;
    }
    const freight = c.first[zone] + c.next[zone] * (slabs - 1);
    rates.push({
      courierId: c.id,
      courierName: c.name,
      chargePaise: withGst(freight + (cod !== null ? codFeePaise(cod) : 0)),
      promisedDays: c.days[zone],
      chargeableWeightGrams: chargeable,
      mode: c.mode,
    });
  }
  rates.sort((a, b) => a.chargePaise - b.chargePaise || a.promisedDays - b.promisedDays);
  if (rates.length === 0) return { serviceable: false, rates, reason: `No courier takes this parcel: ${refusals.join('; ')}.` };
  return { serviceable: true, rates, reason: null };
}

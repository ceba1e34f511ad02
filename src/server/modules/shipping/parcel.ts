import type { Parcel } from './provider';
import type { ParcelLine } from './shipping.repo';

/** What a unit is taken to weigh and measure when its seller has not said (a laptop's box, roughly). */
export const UNKNOWN_UNIT = { weightGrams: 3_000, lengthMm: 450, widthMm: 350, heightMm: 120 } as const;

/**
 * The seller's parcel of an order from its lines (decision 78): the units' packed weights added, and one box
 * that holds them: the longest side of any, the widest second side, and the third sides stacked. A unit
 * whose weight or box is not given counts as UNKNOWN_UNIT, and its line is named in `estimatedFor`.
 */
export function parcelOf(lines: readonly ParcelLine[]): Parcel & { estimatedFor: string[] } {
  let weightGrams = 0;
  let lengthMm = 0;
  let widthMm = 0;
  let heightMm = 0;
  const estimatedFor: string[] = [];
  for (const line of lines) {
    const known = line.weightGrams !== null && line.lengthMm !== null && line.widthMm !== null && line.heightMm !== null;
    if (!known) estimatedFor.push(line.name);
    const weight = line.weightGrams ?? UNKNOWN_UNIT.weightGrams;
    const sides = [
      line.lengthMm ?? UNKNOWN_UNIT.lengthMm,
      line.widthMm ?? UNKNOWN_UNIT.widthMm,
      line.heightMm ?? UNKNOWN_UNIT.heightMm,
    ].sort((a, b) => b - a) as [number, number, number];
    weightGrams += weight * line.openQuantity;
    lengthMm = Math.max(lengthMm, sides[0]);
    widthMm = Math.max(widthMm, sides[1]);
    heightMm += sides[2] * line.openQuantity;
  }
  return { weightGrams, lengthMm, widthMm, heightMm, estimatedFor };
}

/** Serial numbers (or IMEIs) of the units a seller packs and of the units that come back with a return (decision 72). */
import { z } from 'zod';
import { CATEGORIES } from '../constants';

/** Categories whose every unit is packed with its serial: every computer and monitor the shop sells. */
export const SERIAL_CATEGORIES: readonly string[] = CATEGORIES;

/** Whether a line of this category is packed only with the serial of each unit. */
export const needsSerials = (category: string): boolean => SERIAL_CATEGORIES.includes(category);

export const SERIAL_RULE = 'A serial number is 4 to 40 letters, digits, - or /';

/** A serial as typed or scanned: trimmed, in capitals, 4–40 letters, digits, `-` and `/`. */
export const serialSchema = z
  .string({ error: 'Enter the serial number' })
  .trim()
  .toUpperCase()
  .min(1, 'Enter the serial number')
  .regex(/^[A-Z0-9/-]{4,40}$/, SERIAL_RULE);

/** One line's serials, one per unit, first unit first. */
export const lineSerialsSchema = z.strictObject({
  itemId: z.string().min(1).max(64),
  serials: z.array(serialSchema).max(100, 'At most 100 units in a line'),
});
export type LineSerials = z.output<typeof lineSerialsSchema>;

/** POST /api/vendor/orders/{id}/pack: the serial of each unit of each line packed (lines of categories without serials may be left out). */
export const packOrderSchema = z.strictObject({
  lines: z.array(lineSerialsSchema).max(200).default([]),
});
export type PackOrder = z.output<typeof packOrderSchema>;

/** A packed unit of an order line as its pages show it: its serial, the one that came back, and its warranty. */
export const packedUnitSchema = z.object({
  unit: z.number().int(),
  serial: z.string(),
  /** The serial of the unit returned in its place, once a return was received (null before, or when none was given). */
  returnedSerial: z.string().nullable(),
  /** The warranty's first day (the day the unit was delivered, yyyy-mm-dd); null before delivery: it starts on delivery. */
  warrantyStart: z.string().nullable(),
  /** The warranty's last day (yyyy-mm-dd); null before delivery or when the line has no warranty months. */
  warrantyEnd: z.string().nullable(),
});
export type PackedUnit = z.infer<typeof packedUnitSchema>;

/**
 * A seller's returned items whose serials matched no unit shipped on their line: received, but the refund is held
 * until an admin releases it.
 */
export const serialHoldSchema = z.object({
  vendorId: z.string(),
  sellerName: z.string(),
  heldAt: z.string(),
  releasedAt: z.string().nullable(),
  units: z.array(z.object({ itemId: z.string(), name: z.string(), unit: z.number().int(), expected: z.string(), received: z.string() })),
});
export type SerialHold = z.infer<typeof serialHoldSchema>;

/** POST /api/admin/orders/{id}/serial-hold/release: the admin checked the returned units and lets the refund go ahead. */
export const releaseSerialHoldSchema = z.strictObject({
  vendorId: z.string().min(1).max(64),
  note: z
    .string({ error: 'Say why the refund may go ahead' })
    .trim()
    .min(3, 'Say why the refund may go ahead')
    .max(500, 'At most 500 characters'),
});
export type ReleaseSerialHold = z.output<typeof releaseSerialHoldSchema>;

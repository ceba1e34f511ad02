import type { LineSerials } from '~/shared/schemas/serials';
import type { Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import * as repo from './fulfilment.repo';

/** A line of the seller's shipment as packing and receiving a return see it. */
export interface UnitLine {
  itemId: string;
  name: string;
  /** The configuration its units are of (the variant, or the product of a line of before). */
  variantKey: string;
  /** Units that ship (ordered less cancelled). */
  units: number;
  /** Whether the line is packed only with each unit's serial. */
  needsSerials: boolean;
}

/** A returned unit whose serial matched none shipped on its line. */
export interface SerialMismatch {
  itemId: string;
  name: string;
  unit: number;
  expected: string;
  received: string;
}

const unitName = (line: UnitLine, unit: number) => (line.units === 1 ? line.name : `Unit ${unit} of ${line.name}`);

/** The detail of a unique violation names the serial (`Key (variant_key, serial)=(…, X) already exists.`). */
function serialOfViolation(error: unknown): string | undefined {
  for (let e = error as { detail?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const found = e.detail?.match(/=\(.*, (.*)\) already exists/);
    if (found) return found[1];
  }
  return undefined;
}

/**
 * Records the serial of each unit the seller packs (decision 72): every unit of a line that needs serials has
 * one, none repeats within the shipment, and none is held by a unit of the same configuration on another order
 * (not returned into stock). Two sellers packing the same serial at once: the unique index lets one through and
 * the other is answered as if it had found it taken. Field errors are keyed `lines.<i>.serials.<unit - 1>`.
 */
export async function recordSerials(
  tx: Executor,
  input: { orderId: string; vendorId: string; lines: UnitLine[]; given: LineSerials[]; at: Date },
) {
  const { orderId, vendorId, lines, given, at } = input;
  const fields: Record<string, string> = {};
  const byItem = new Map(given.map((g, i) => [g.itemId, { i, serials: g.serials }]));
  for (const g of given) {
    if (!lines.some((l) => l.itemId === g.itemId)) fields.lines = 'Enter serials for your own lines of this order only';
  }
  const rows: repo.PackedUnitValues[] = [];
  const where = new Map<string, string>();
  const seen = new Map<string, string>();
  for (const line of lines) {
    const entry = byItem.get(line.itemId);
    const serials = entry?.serials ?? [];
    if (serials.length === 0 && !line.needsSerials) continue;
    if (!entry) {
      fields.lines = `Enter the serial number of each unit of ${line.name}`;
      continue;
    }
    for (let u = 0; u < line.units; u++) {
      const key = `lines.${entry.i}.serials.${u}`;
      const serial = serials[u];
      if (!serial) {
        fields[key] = `${unitName(line, u + 1)}: enter its serial number`;
        continue;
      }
      const other = seen.get(serial);
      if (other) {
        fields[key] = `${unitName(line, u + 1)}: ${serial} is already entered for ${other}`;
        continue;
      }
      seen.set(serial, unitName(line, u + 1));
      where.set(`${line.variantKey}|${serial}`, key);
      rows.push({ orderId, vendorId, orderItemId: line.itemId, unit: u + 1, variantKey: line.variantKey, serial, packedAt: at });
    }
    if (serials.length > line.units)
      fields[`lines.${entry.i}.serials`] = `${line.name} ships ${line.units} unit(s): enter one serial for each`;
  }
  const taken = await repo.unitsHolding(
    tx,
    rows.map((r) => ({ variantKey: r.variantKey, serial: r.serial })),
    lines.map((l) => l.itemId),
  );
  for (const t of taken) {
    const key = where.get(`${t.variantKey}|${t.serial}`)!;
    const row = rows.find((r) => r.variantKey === t.variantKey && r.serial === t.serial)!;
    const line = lines.find((l) => l.itemId === row.orderItemId)!;
    fields[key] = `${unitName(line, row.unit)}: serial ${t.serial} is already recorded on a unit shipped on another order`;
  }
  if (Object.keys(fields).length > 0) throw refused(fields);
  try {
    await repo.insertUnits(tx, rows);
  } catch (error) {
    if (!isUniqueViolation(error, 'packed_units_serial_key')) throw error;
    // Another seller packed this serial at the same moment and committed first.
    const serial = serialOfViolation(error);
    const row = rows.find((r) => r.serial === serial) ?? rows[0]!;
    const line = lines.find((l) => l.itemId === row.orderItemId)!;
    throw refused({
      [where.get(`${row.variantKey}|${row.serial}`)!]:
        `${unitName(line, row.unit)}: serial ${row.serial} is already recorded on a unit shipped on another order`,
    });
  }
}

function refused(fields: Record<string, string>) {
  const first = Object.values(fields)[0]!;
  return new AppError('VALIDATION', `Check the serial numbers: ${first.charAt(0).toLowerCase()}${first.slice(1)}`, { fields });
}

/**
 * The serials of the units that came back with a return (decision 72): each is matched to a unit shipped on its
 * line; one that matches none is a mismatch, kept beside a unit not matched yet. Units found resellable go back
 * into stock, so their serials are free to be packed again. Lines packed without serials take none.
 * Field errors are keyed `units.<i>.serials.<unit - 1>`.
 */
export async function receiveSerials(
  tx: Executor,
  input: { orderId: string; lines: UnitLine[]; given: LineSerials[] | undefined; release: boolean; at: Date },
): Promise<SerialMismatch[]> {
  const packed = (await repo.unitsOf(tx, input.orderId)).filter((u) => input.lines.some((l) => l.itemId === u.orderItemId));
  if (packed.length === 0) return [];
  const given = input.given ?? [];
  const fields: Record<string, string> = {};
  const plans: { line: UnitLine; units: repo.PackedUnitRow[]; serials: string[]; i: number }[] = [];
  for (const line of input.lines) {
    const units = packed.filter((u) => u.orderItemId === line.itemId);
    if (units.length === 0) continue;
    const i = given.findIndex((g) => g.itemId === line.itemId);
    const serials = i >= 0 ? given[i]!.serials : [];
    if (i < 0) fields.units = `Enter the serial number of each returned unit of ${line.name}`;
    else
      units.forEach((u, k) => {
        if (!serials[k]) fields[`units.${i}.serials.${k}`] = `${unitName(line, u.unit)}: enter the serial of the unit that came back`;
      });
    plans.push({ line, units, serials, i });
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', 'Enter the serial number of each returned unit.', { fields });
  const mismatches: SerialMismatch[] = [];
  for (const { line, units, serials } of plans) {
    const open = [...units];
    const strangers: string[] = [];
    for (const serial of serials.slice(0, units.length)) {
      const k = open.findIndex((u) => u.serial === serial);
      if (k < 0) strangers.push(serial);
      else {
        const [unit] = open.splice(k, 1);
        await repo.markReturned(tx, line.itemId, unit!.unit, { returnedSerial: serial, returnedAt: input.at, release: input.release });
      }
    }
    // A serial shipped on no unit of the line is kept beside a unit whose own serial did not come back; that unit stays held.
    for (const [k, serial] of strangers.entries()) {
      const unit = open[k]!;
      await repo.markReturned(tx, line.itemId, unit.unit, { returnedSerial: serial, returnedAt: input.at, release: false });
      mismatches.push({ itemId: line.itemId, name: line.name, unit: unit.unit, expected: unit.serial, received: serial });
    }
  }
  return mismatches;
}

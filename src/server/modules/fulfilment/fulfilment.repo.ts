import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { packedUnits, packings, shipments } from '../../db/schema/fulfilment';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentValues = typeof shipments.$inferInsert;
export type ShipmentChange = Partial<
  Pick<
    ShipmentValues,
    | 'status'
    | 'deliveredAt'
    | 'returnReceivedAt'
    | 'returnCondition'
    | 'refundedAt'
    | 'serialHoldAt'
    | 'serialHoldReleasedAt'
    | 'serialHoldReleasedBy'
  >
>;

export async function shipmentsOf(db: Executor, orderId: string): Promise<ShipmentRow[]> {
  return db.select().from(shipments).where(eq(shipments.orderId, orderId));
}

export async function insertShipment(db: Executor, values: ShipmentValues): Promise<void> {
  await db.insert(shipments).values(values);
}

/** Changes one seller's shipment of an order. */
export async function updateShipment(db: Executor, orderId: string, vendorId: string, values: ShipmentChange): Promise<void> {
  await db
    .update(shipments)
    .set(values)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.vendorId, vendorId)));
}

/** Every shipment of the order still on its way is delivered at `at`. */
export async function deliverShipments(db: Executor, orderId: string, at: Date): Promise<void> {
  await db
    .update(shipments)
    .set({ status: 'delivered', deliveredAt: at })
    .where(and(eq(shipments.orderId, orderId), eq(shipments.status, 'shipped')));
}

/** Records that the seller packed its items of the order (once: packing again keeps the first time, and answers false). */
export async function markPacked(db: Executor, orderId: string, vendorId: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(packings)
    .values({ orderId, vendorId, packedBy: userId, packedAt: at })
    .onConflictDoNothing()
    .returning({ orderId: packings.orderId });
  return rows.length > 0;
}

export type PackedUnitRow = typeof packedUnits.$inferSelect;
export type PackedUnitValues = typeof packedUnits.$inferInsert;

/** The units of the order packed with their serials, line by line, first unit first. */
export async function unitsOf(db: Executor, orderId: string): Promise<PackedUnitRow[]> {
  return db.select().from(packedUnits).where(eq(packedUnits.orderId, orderId)).orderBy(asc(packedUnits.orderItemId), asc(packedUnits.unit));
}

/** Units of other lines that hold any of these serials of a configuration now (not returned into stock). */
export async function unitsHolding(
  db: Executor,
  wanted: { variantKey: string; serial: string }[],
  exceptItemIds: string[],
): Promise<PackedUnitRow[]> {
  if (wanted.length === 0) return [];
  const pairs = sql.join(
    wanted.map((w) => sql`(${w.variantKey}, ${w.serial})`),
    sql`, `,
  );
  return db
    .select()
    .from(packedUnits)
    .where(
      and(
        isNull(packedUnits.releasedAt),
        sql`(${packedUnits.variantKey}, ${packedUnits.serial}) in (${pairs})`,
        exceptItemIds.length ? notInArray(packedUnits.orderItemId, exceptItemIds) : undefined,
      ),
    );
}

/** Writes the units packed; a serial another unit of the configuration holds fails on `packed_units_serial_key`. */
export async function insertUnits(db: Executor, rows: PackedUnitValues[]): Promise<void> {
  if (rows.length > 0) await db.insert(packedUnits).values(rows);
}

/** Records the serial of the unit that came back in the place of a packed unit; `release` frees its serial (back in stock). */
export async function markReturned(
  db: Executor,
  orderItemId: string,
  unit: number,
  values: { returnedSerial: string | null; returnedAt: Date; release: boolean },
): Promise<void> {
  await db
    .update(packedUnits)
    .set({
      returnedSerial: values.returnedSerial,
      returnedAt: values.returnedAt,
      ...(values.release ? { releasedAt: values.returnedAt } : {}),
    })
    .where(and(eq(packedUnits.orderItemId, orderItemId), eq(packedUnits.unit, unit)));
}

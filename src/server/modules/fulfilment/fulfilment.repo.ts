import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { packings, shipments } from '../../db/schema/fulfilment';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentValues = typeof shipments.$inferInsert;
export type ShipmentChange = Partial<
  Pick<ShipmentValues, 'status' | 'deliveredAt' | 'returnReceivedAt' | 'returnCondition' | 'refundedAt'>
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

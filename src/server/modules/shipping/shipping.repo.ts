import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { courierReattempts, courierShipments, courierTrackingEvents } from '../../db/schema/shipping';

export type CourierShipmentRow = typeof courierShipments.$inferSelect;
export type CourierShipmentValues = typeof courierShipments.$inferInsert;

/** One of a seller's open lines of an order with its packed weight and box (the configuration's, else the product's). */
export interface ParcelLine {
  itemId: string;
  name: string;
  sku: string;
  openQuantity: number;
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
}

/** The seller's open lines of the order, through the orders' and the catalogue's published views. */
export async function parcelLinesOf(db: Executor, orderId: string, vendorId: string): Promise<ParcelLine[]> {
  const { rows } = await db.execute<{
    item_id: string;
    name: string;
    sku: string;
    open_quantity: number;
    weight_grams: number | null;
    length_mm: number | null;
    width_mm: number | null;
    height_mm: number | null;
  }>(sql`select l.id as item_id, l.name, coalesce(l.variant_id, l.product_id) as sku,
      l.quantity - l.cancelled_quantity as open_quantity,
      coalesce(v.weight_grams, p.weight_grams) as weight_grams, coalesce(v.length_mm, p.length_mm) as length_mm,
      coalesce(v.width_mm, p.width_mm) as width_mm, coalesce(v.height_mm, p.height_mm) as height_mm
    from order_line_directory l
    left join parcel_directory v on v.variant_id = l.variant_id
    left join parcel_directory p on p.product_id = l.product_id and p.variant_id is null
    where l.order_id = ${orderId} and l.vendor_id = ${vendorId} and l.quantity > l.cancelled_quantity
    order by l.position`);
  return rows.map((r) => ({
    itemId: r.item_id,
    name: r.name,
    sku: r.sku,
    openQuantity: r.open_quantity,
    weightGrams: r.weight_grams,
    lengthMm: r.length_mm,
    widthMm: r.width_mm,
    heightMm: r.height_mm,
  }));
}

/** Where the seller's parcels are collected and returned to (`seller_disclosure`, published by the vendors). */
export async function sellerAddressOf(db: Executor, vendorId: string) {
  const { rows } = await db.execute<{
    legal_name: string;
    address_line1: string | null;
    address_line2: string | null;
    city: string;
    state: string;
    pin_code: string;
    care_phone: string;
  }>(sql`select legal_name, address_line1, address_line2, city, state, pin_code, care_phone from seller_disclosure where id = ${vendorId}`);
  const r = rows[0];
  return r
    ? {
        name: r.legal_name,
        line1: r.address_line1,
        line2: r.address_line2,
        city: r.city,
        state: r.state,
        pinCode: r.pin_code,
        phone: r.care_phone,
      }
    : null;
}

export async function insertShipment(db: Executor, values: CourierShipmentValues): Promise<CourierShipmentRow> {
  const [row] = await db.insert(courierShipments).values(values).returning();
  return row!;
}

/** The seller's booked parcels of these orders (only its own: another seller's order is simply not found). */
export async function shipmentsOfOrders(db: Executor, vendorId: string, orderIds: readonly string[]): Promise<CourierShipmentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(courierShipments)
    .where(and(eq(courierShipments.vendorId, vendorId), inArray(courierShipments.orderId, [...orderIds])))
    .orderBy(desc(courierShipments.bookedAt));
}

/** The seller's latest booked parcels. */
export async function latestShipments(db: Executor, vendorId: string, limit = 100): Promise<CourierShipmentRow[]> {
  return db
    .select()
    .from(courierShipments)
    .where(eq(courierShipments.vendorId, vendorId))
    .orderBy(desc(courierShipments.bookedAt))
    .limit(limit);
}

/** The seller's booked parcels no pickup was asked for yet, locked for the pickup request. */
export async function awaitingPickup(db: Executor, vendorId: string, orderIds?: readonly string[]): Promise<CourierShipmentRow[]> {
  return db
    .select()
    .from(courierShipments)
    .where(
      and(
        eq(courierShipments.vendorId, vendorId),
        isNull(courierShipments.pickupDate),
        orderIds ? inArray(courierShipments.orderId, [...orderIds]) : undefined,
      ),
    )
    .orderBy(courierShipments.bookedAt)
    .for('update');
}

export async function setPickup(db: Executor, ids: readonly string[], pickupDate: string, reference: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(courierShipments)
    .set({ pickupDate, pickupReference: reference })
    .where(inArray(courierShipments.id, [...ids]));
}

export type TrackingEventRow = typeof courierTrackingEvents.$inferSelect;

/** The provider's parcel of this AWB, locked for its tracking events; undefined when the shop booked none. */
export async function shipmentByAwb(db: Executor, provider: string, awb: string): Promise<CourierShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(courierShipments)
    .where(and(eq(courierShipments.provider, provider), eq(courierShipments.awb, awb)))
    .for('update');
  return row;
}

/** The provider's parcel of this AWB (the test courier's tracking page). */
export async function findByAwb(db: Executor, provider: string, awb: string): Promise<CourierShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(courierShipments)
    .where(and(eq(courierShipments.provider, provider), eq(courierShipments.awb, awb)));
  return row;
}

/** Every seller's booked parcels of an order (the customer's order page). */
export async function shipmentsOfOrder(db: Executor, orderId: string): Promise<CourierShipmentRow[]> {
  return db.select().from(courierShipments).where(eq(courierShipments.orderId, orderId)).orderBy(courierShipments.bookedAt);
}

/** Stores the events not stored yet (a replay of the same status and time is skipped): those stored now. */
export async function insertEvents(db: Executor, values: (typeof courierTrackingEvents.$inferInsert)[]): Promise<TrackingEventRow[]> {
  if (values.length === 0) return [];
  return db.insert(courierTrackingEvents).values(values).onConflictDoNothing().returning();
}

/** The parcel's latest event by the courier's time. */
export async function latestEvent(db: Executor, shipmentId: string): Promise<TrackingEventRow | undefined> {
  const [row] = await db
    .select()
    .from(courierTrackingEvents)
    .where(eq(courierTrackingEvents.shipmentId, shipmentId))
    .orderBy(desc(courierTrackingEvents.occurredAt), desc(courierTrackingEvents.receivedAt))
    .limit(1);
  return row;
}

export async function setTrackingStatus(db: Executor, id: string, status: string, at: Date): Promise<void> {
  await db.update(courierShipments).set({ trackingStatus: status, trackingStatusAt: at }).where(eq(courierShipments.id, id));
}

/** The events of these parcels, oldest first by the courier's time. */
export async function eventsOf(db: Executor, shipmentIds: readonly string[]): Promise<TrackingEventRow[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .select()
    .from(courierTrackingEvents)
    .where(inArray(courierTrackingEvents.shipmentId, [...shipmentIds]))
    .orderBy(courierTrackingEvents.occurredAt, courierTrackingEvents.receivedAt);
}

export type ReattemptRow = typeof courierReattempts.$inferSelect;

export async function insertReattempt(db: Executor, values: typeof courierReattempts.$inferInsert): Promise<void> {
  await db.insert(courierReattempts).values(values);
}

/** The customer's answers to these parcels' failed attempts, oldest first. */
export async function reattemptsOf(db: Executor, shipmentIds: readonly string[]): Promise<ReattemptRow[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .select()
    .from(courierReattempts)
    .where(inArray(courierReattempts.shipmentId, [...shipmentIds]))
    .orderBy(courierReattempts.createdAt);
}

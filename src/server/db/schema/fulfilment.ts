import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders';
import { vendors } from './vendors';

/**
 * The fulfilment module's tables (decision 67): each seller's parcel of an order and its packing.
 * Other modules read them through `shipment_directory` and `packing_directory` (db/views/fulfilment.ts).
 */

/** One shipment per vendor of an order, with carrier and tracking number. */
export const shipments = pgTable(
  'shipments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    status: text('status').notNull().default('shipped'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).defaultNow().notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The vendor's items of a returned order came back to it, and when they were refunded. */
    returnReceivedAt: timestamp('return_received_at', { withTimezone: true }),
    /** What the returned items were found to be: resellable (back in stock) or damaged (written off). */
    returnCondition: text('return_condition'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * A returned unit's serial matched no unit shipped on its line (decision 72): the return is received but
     * its refund waits for an admin, who releases it (when and who).
     */
    serialHoldAt: timestamp('serial_hold_at', { withTimezone: true }),
    serialHoldReleasedAt: timestamp('serial_hold_released_at', { withTimezone: true }),
    serialHoldReleasedBy: text('serial_hold_released_by'),
  },
  (t) => [
    check('shipments_status_check', sql`${t.status} in ('shipped', 'delivered', 'return_received', 'refunded')`),
    check('shipments_return_condition_check', sql`${t.returnCondition} in ('resellable', 'damaged')`),
    unique('shipments_order_vendor_key').on(t.orderId, t.vendorId),
    // A seller's record of dispatch (seller_dispatch_record): its parcels of the last 90 days.
    index('shipments_vendor_shipped_idx').on(t.vendorId, t.shippedAt),
    // The back office finds an order by its tracking (AWB) number, or part of it.
    index('shipments_tracking_trgm_idx').using('gin', sql`${t.trackingNumber} gin_trgm_ops`),
    // The returns report reads a month of returns received; most shipments never come back, so only those that did are indexed.
    index('shipments_return_received_idx')
      .on(t.returnReceivedAt)
      .where(sql`${t.returnReceivedAt} is not null`),
  ],
);

/** A vendor packed its items of an order (and printed the packing slip): it waits for the courier now. */
export const packings = pgTable(
  'packings',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    packedAt: timestamp('packed_at', { withTimezone: true }).defaultNow().notNull(),
    packedBy: text('packed_by'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.vendorId] }), index('packings_vendor_idx').on(t.vendorId)],
);

/**
 * Each unit a seller packed, by its serial number (or IMEI), decision 72: one row per unit of a line. A serial
 * is on one unit of a configuration at a time (the partial unique index): once a returned unit is back in
 * stock (`released_at`), it may be sold again. When a return is received, the serial of the unit that came
 * back is kept beside the one shipped (`returned_serial`).
 */
export const packedUnits = pgTable(
  'packed_units',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    orderItemId: text('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** 1 for the line's first unit. */
    unit: integer('unit').notNull(),
    /** The configuration the unit is of (the line's variant, or its product for a line of before). */
    variantKey: text('variant_key').notNull(),
    serial: text('serial').notNull(),
    packedAt: timestamp('packed_at', { withTimezone: true }).defaultNow().notNull(),
    returnedSerial: text('returned_serial'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.unit] }),
    check('packed_units_unit_check', sql`${t.unit} > 0`),
    uniqueIndex('packed_units_serial_key')
      .on(t.variantKey, t.serial)
      .where(sql`${t.releasedAt} is null`),
    index('packed_units_order_idx').on(t.orderId),
  ],
);

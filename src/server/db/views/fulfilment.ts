import { sql } from 'drizzle-orm';
import { doublePrecision, integer, pgView, text } from 'drizzle-orm/pg-core';
import { packedUnits, packings, shipments } from '../schema/fulfilment';

/**
 * Published by the fulfilment module: each seller's parcel of an order — its courier, tracking, status,
 * dates and its return — for the orders' pages and lists, the returns report and the seller centre's
 * figures. The columns after `refunded_at` were added by migration 0035, the serial hold's by 0044 (a view only grows at its
 * end).
 */
export const shipmentDirectory = pgView('shipment_directory').as((qb) =>
  qb
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      vendorId: shipments.vendorId,
      status: shipments.status,
      returnReceivedAt: shipments.returnReceivedAt,
      returnCondition: shipments.returnCondition,
      refundedAt: shipments.refundedAt,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      trackingUrl: shipments.trackingUrl,
      shippedAt: shipments.shippedAt,
      deliveredAt: shipments.deliveredAt,
      serialHoldAt: shipments.serialHoldAt,
      serialHoldReleasedAt: shipments.serialHoldReleasedAt,
    })
    .from(shipments),
);

/** Published by the fulfilment module: which sellers have packed their items of an order (the seller centre's "to ship"). */
export const packingDirectory = pgView('packing_directory').as((qb) =>
  qb.select({ orderId: packings.orderId, vendorId: packings.vendorId, packedAt: packings.packedAt }).from(packings),
);

/**
 * Published by the fulfilment module: each seller's record of dispatch over the last 90 days, for the buy box
 * (decision 70): its parcels shipped and the share of them shipped within two days of the order (the shop's rule
 * of "late to ship", `order_directory.late_to_ship`). A seller with no parcel in that time has no row.
 */
export const sellerDispatchRecord = pgView('seller_dispatch_record', {
  vendorId: text('vendor_id').notNull(),
  shipments: integer('shipments').notNull(),
  onTimeShare: doublePrecision('on_time_share').notNull(),
}).as(
  sql`select s.vendor_id, count(*)::int as shipments,
    (count(*) filter (where s.shipped_at <= o.order_date + interval '2 days'))::float8 / count(*) as on_time_share
    from ${shipments} s join order_directory o on o.id = s.order_id
    where s.shipped_at > now() - interval '90 days'
    group by s.vendor_id`,
);

/** Published by the fulfilment module: each packed unit's serial, and the serial of the unit that came back (decision 72). */
export const packedUnitDirectory = pgView('packed_unit_directory').as((qb) =>
  qb
    .select({
      orderId: packedUnits.orderId,
      vendorId: packedUnits.vendorId,
      orderItemId: packedUnits.orderItemId,
      unit: packedUnits.unit,
      serial: packedUnits.serial,
      returnedSerial: packedUnits.returnedSerial,
      returnedAt: packedUnits.returnedAt,
    })
    .from(packedUnits),
);

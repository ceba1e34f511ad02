import { pgView } from 'drizzle-orm/pg-core';
import { packings, shipments } from '../schema/fulfilment';

/**
 * Published by the fulfilment module: each seller's parcel of an order — its courier, tracking, status,
 * dates and its return — for the orders' pages and lists, the returns report and the seller centre's
 * figures. The columns after `refunded_at` were added by migration 0035 (a view only grows at its end).
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
    })
    .from(shipments),
);

/** Published by the fulfilment module: which sellers have packed their items of an order (the seller centre's "to ship"). */
export const packingDirectory = pgView('packing_directory').as((qb) =>
  qb.select({ orderId: packings.orderId, vendorId: packings.vendorId, packedAt: packings.packedAt }).from(packings),
);

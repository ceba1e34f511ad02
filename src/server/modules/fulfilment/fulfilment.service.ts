import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import * as repo from './fulfilment.repo';
import { receiveSerials, recordSerials } from './packed-units';

export type { ShipmentChange, ShipmentRow } from './fulfilment.repo';
export type { SerialMismatch, UnitLine } from './packed-units';

/**
 * Each seller's parcel of an order and its packing (decision 67): the writes the flows `ship-order`,
 * `pack-order`, `deliver-order`, `receive-return`, `refund-return` and `refund-order-lines` make in their
 * transaction (`tx`), and the shipments they read under the order's row lock. The orders' pages and
 * lists read `shipment_directory` and `packing_directory` (db/views/fulfilment.ts).
 */
export function createFulfilmentService() {
  return {
    /** The order's shipments, one per seller that shipped. */
    shipments: (tx: Executor, orderId: string) => repo.shipmentsOf(tx, orderId),

    /** A seller's items handed to a courier. */
    async ship(
      tx: Executor,
      input: { orderId: string; vendorId: string; carrier: string; trackingNumber: string; trackingUrl?: string },
    ): Promise<void> {
      await repo.insertShipment(tx, {
        id: newId('shp'),
        orderId: input.orderId,
        vendorId: input.vendorId,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl: input.trackingUrl ?? null,
      });
    },

    /** The seller packed its items of the order; false when it had already (the first time stands). */
    pack: (tx: Executor, input: { orderId: string; vendorId: string; userId: string; at: Date }) =>
      repo.markPacked(tx, input.orderId, input.vendorId, input.userId, input.at),

    /** Changes one seller's shipment of the order (delivered, its return received, refunded). */
    update: (tx: Executor, orderId: string, vendorId: string, values: repo.ShipmentChange) =>
      repo.updateShipment(tx, orderId, vendorId, values),

    /** Every shipment of the order still on its way is delivered at `at`. */
    deliverAll: (tx: Executor, orderId: string, at: Date) => repo.deliverShipments(tx, orderId, at),

    /**
     * The serial of each unit the seller packs (decision 72), in the flow `pack-order`'s transaction: refused with
     * field errors naming the unit when one is missing, repeated, or held by a unit of the same configuration.
     */
    recordSerials,

    /**
     * The serials of returned units matched to those shipped (the flow `receive-return`); the mismatches are
     * answered, and the caller holds the seller's refund with `update(…, { serialHoldAt })`.
     */
    receiveSerials,

    /** The order's packed units, line by line. */
    units: (tx: Executor, orderId: string) => repo.unitsOf(tx, orderId),

    /** Every shipment of the order not refunded yet is refunded now (the order is refunded in full). */
    async refundAll(tx: Executor, orderId: string, at = new Date()): Promise<void> {
      for (const r of await repo.shipmentsOf(tx, orderId)) {
        if (r.status !== 'refunded') await repo.updateShipment(tx, orderId, r.vendorId, { status: 'refunded', refundedAt: at });
      }
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

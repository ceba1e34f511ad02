import type { OrderDetail } from '~/shared/schemas/orders';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { Database, Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import { dayOf } from '../lib/dates';
import type { EwayBillsService } from '../modules/ewaybills/ewaybills.service';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service';
import { statusFromShipments } from '../modules/orders/order-rules';
import type { Actor, OrderSteps } from '../modules/orders/order-steps';
import { mailAddressOf } from '../modules/orders/order-views';
import type { VendorOrders } from '../modules/orders/orders.vendor.service';

/** Statuses in which sellers still ship items of an order. */
const SHIPPABLE: readonly string[] = ['placed', 'processing', 'partly_shipped', 'partly_delivered'];

/**
 * The flow `ship-order` (decision 67): a seller's items handed to a courier, in one transaction over the
 * fulfilment (the shipment, one per seller) and the orders (status, timeline, the e-mail once every
 * seller has shipped). The order is `shipped` once every seller's items are, and `partly_shipped` while
 * some are. A parcel whose value needs an e-way bill leaves only with a valid one (decision 75).
 */
export function createShipOrder(deps: {
  db: Database;
  orders: OrderSteps;
  fulfilment: Pick<FulfilmentService, 'shipments' | 'ship'>;
  vendorOrders: Pick<VendorOrders, 'ownVendorOrder' | 'vendorView'>;
  /** The e-way bills' check before a parcel leaves; none: no parcel needs one. */
  ewayBills?: Pick<EwayBillsService, 'checkReadyToShip'>;
}) {
  const { db, orders, fulfilment, vendorOrders, ewayBills } = deps;

  async function ship(
    orderId: string,
    input: { carrier: string; trackingNumber: string; trackingUrl?: string; vendorId?: string },
    actor: Actor,
    alongside?: (tx: Executor) => Promise<void>,
  ): Promise<OrderDetail> {
    return db.transaction(async (tx) => {
      const order = await orders.locked(tx, orderId);
      if (!SHIPPABLE.includes(order.status)) {
        throw new AppError(
          'CONFLICT',
          order.status === 'pending_payment'
            ? 'This order is not paid yet.'
            : `An order that is ${order.status.replace('_', ' ')} cannot be shipped.`,
        );
      }
      const items = await orders.items(tx, orderId);
      const before = await fulfilment.shipments(tx, orderId);
      const shipped = new Set(before.map((s) => s.vendorId));
      // Sellers whose every line was cancelled have nothing to ship.
      const waiting = [...new Set(items.filter((i) => i.quantity > i.cancelledQuantity).map((i) => i.vendorId))].filter(
        (v) => !shipped.has(v),
      );
      const vendorId = input.vendorId ?? (waiting.length === 1 ? waiting[0] : undefined);
      if (!vendorId || !waiting.includes(vendorId)) {
        throw new AppError('VALIDATION', 'Choose which seller’s items are shipped.', {
          fields: { vendorId: 'Choose a seller of this order whose items have not shipped yet' },
        });
      }
      await ewayBills?.checkReadyToShip(tx, orderId, vendorId);
      await fulfilment.ship(tx, { ...input, orderId, vendorId });
      // A courier bought through the shipping provider is recorded in the same transaction (the flow ship-by-courier).
      await alongside?.(tx);
      const seller = items.find((i) => i.vendorId === vendorId)!.sellerName;
      const all = waiting.length === 1;
      const status = statusFromShipments(items, [...before, { vendorId, status: 'shipped' }]) ?? 'partly_shipped';
      const updated = await orders.update(tx, orderId, { status });
      await orders.timeline.add(
        tx,
        {
          orderId,
          kind: all ? 'shipped' : 'shipment',
          message: `${seller} shipped ${all && shipped.size === 0 ? 'the order' : 'their items'} with ${input.carrier}, tracking number ${input.trackingNumber}.`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        },
        { vendorId },
      );
      if (all) {
        await orders.mail.send(tx, updated, 'order_shipped', {
          address: mailAddressOf(updated.address),
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          ...(input.trackingUrl ? { trackingUrl: input.trackingUrl } : {}),
          ...(updated.expectedBy ? { expectedBy: dayOf(new Date(`${updated.expectedBy}T12:00:00+05:30`)) } : {}),
        });
      }
      return orders.detail(tx, updated);
    });
  }

  return {
    /** The back office records a shipment: for the one seller still to ship, or the seller it names. */
    byAdmin: (orderId: string, input: { carrier: string; trackingNumber: string; trackingUrl?: string; vendorId?: string }, actor: Actor) =>
      ship(orderId, input, actor),

    /**
     * The vendor hands its items of an order to a courier: one shipment with the carrier and tracking
     * number, which the customer's order page shows at once (and the e-mail, once every seller has
     * shipped). NOT_FOUND for an order without the vendor's products or not confirmed yet. `alongside`
     * writes in the same transaction (a courier booking's record, decision 78).
     */
    async byVendor(
      vendorId: string,
      userId: string,
      orderId: string,
      input: { carrier: string; trackingNumber: string; trackingUrl?: string },
      alongside?: (tx: Executor) => Promise<void>,
    ): Promise<VendorOrder> {
      await vendorOrders.ownVendorOrder(vendorId, orderId);
      const mine = (await orders.items(db, orderId)).filter((i) => i.vendorId === vendorId);
      if (mine.every((i) => i.cancelledQuantity >= i.quantity)) {
        throw new AppError('CONFLICT', 'All your items of this order were cancelled: there is nothing to ship.');
      }
      try {
        await ship(orderId, { ...input, vendorId }, { role: 'vendor', userId }, alongside);
      } catch (error) {
        // The shared rule answers "choose a seller whose items have not shipped": for the vendor, its items have.
        if (error instanceof AppError && error.fields?.vendorId)
          throw new AppError('CONFLICT', 'Your items of this order have been shipped already.');
        throw error;
      }
      return vendorOrders.vendorView(vendorId, orderId);
    },
  };
}

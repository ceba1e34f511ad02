import { formatPaise } from '~/shared/money';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { Database, Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import { dayOf } from '../lib/dates';
import { statusFromShipments } from '../modules/orders/order-rules';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service';
import type { Actor, OrderRow, OrderSteps } from '../modules/orders/order-steps';
import type { VendorOrders } from '../modules/orders/orders.vendor.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { PayoutsService } from '../modules/payouts/payouts.service';
import type { ReturnsService } from '../modules/returns/returns.service';

/**
 * The flow `deliver-order` (decision 62): a seller's items, or the whole order, reached the customer,
 * in one transaction over the orders (shipments, status, timeline, e-mail), the vendor ledger (the
 * delivered lines recorded) and payments (cash on delivery collected once every seller has delivered).
 */
export function createDeliverOrder(deps: {
  db: Database;
  orders: OrderSteps;
  /** The sellers' shipments: read under the order's lock, and written. */
  fulfilment: FulfilmentService;
  /** The credit notes of the order (the returns module's): units credited are not delivered. */
  returns: Pick<ReturnsService, 'creditNotes'>;
  vendorOrders: Pick<VendorOrders, 'ownVendorOrder' | 'vendorView'>;
  payments: Pick<PaymentsService, 'of' | 'collectCash'>;
  payouts: Pick<PayoutsService, 'recordDelivered'>;
}) {
  const { db, orders, fulfilment, returns, vendorOrders, payments, payouts } = deps;

  /** Writes the delivered sellers' lines (what was not cancelled) into the vendor ledger. */
  async function recordInLedger(tx: Executor, order: OrderRow, vendorIds: readonly string[], at: Date): Promise<void> {
    const orderId = order.id;
    const items = await orders.items(tx, orderId);
    // Units refunded after shipping but before delivery were given back: their credit notes count them.
    const credited = (await returns.creditNotes.of(tx, orderId)).flatMap((n) => n.lines);
    for (const vendorId of new Set(vendorIds)) {
      // The payouts module takes the units not cancelled (nor refunded), at the line's price after its coupon share.
      const lines = items
        .filter((i) => i.vendorId === vendorId)
        .map((i) => ({
          ...i,
          orderItemId: i.id,
          intraState: i.igstPaise === 0,
          creditedQuantity: credited.filter((l) => l.itemId === i.id).reduce((n, l) => n + l.quantity, 0),
        }));
      await payouts.recordDelivered(tx, { vendorId, orderId, deliveredAt: at, returnWindowDays: order.returnWindowDays, lines });
    }
  }

  /** Every seller's items are delivered: cash on delivery is collected, the order is delivered and the customer told. */
  async function complete(tx: Executor, order: OrderRow, actor: Actor, now: Date): Promise<OrderDetail> {
    await recordInLedger(
      tx,
      order,
      (await fulfilment.shipments(tx, order.id)).map((s) => s.vendorId),
      now,
    );
    const payment = await payments.of(tx, order.id, { lock: true });
    await payments.collectCash(tx, payment, now);
    const updated = await orders.update(tx, order.id, { status: 'delivered', deliveredAt: now });
    await orders.timeline.add(tx, {
      orderId: order.id,
      kind: 'delivered',
      message: payment.provider === 'cod' ? `Delivered; ${formatPaise(payment.amountPaise)} collected in cash.` : 'Delivered.',
      actorRole: actor.role,
      actorUserId: actor.userId,
    });
    await orders.mail.send(tx, updated, 'order_delivered', { deliveredOn: dayOf(now) });
    return orders.detail(tx, updated);
  }

  /**
   * A vendor's items of an order reached the customer. The order is delivered (and cash on delivery
   * collected) when every seller's items have; until then it is partly delivered.
   */
  async function deliverForVendor(orderId: string, vendorId: string, actor: Actor, now = new Date()): Promise<OrderDetail> {
    return db.transaction(async (tx) => {
      const order = await orders.locked(tx, orderId);
      const shipmentRows = await fulfilment.shipments(tx, orderId);
      const mine = shipmentRows.find((r) => r.vendorId === vendorId);
      if (!mine) throw new AppError('CONFLICT', 'Ship your items of this order before marking them delivered.');
      if (mine.status !== 'shipped') throw new AppError('CONFLICT', 'Your items of this order are marked delivered already.');
      return deliverShipped(tx, order, shipmentRows, vendorId, actor, now);
    });
  }

  /** The vendor's shipped items delivered, under the order's lock. */
  async function deliverShipped(
    tx: Executor,
    order: OrderRow,
    shipmentRows: Awaited<ReturnType<FulfilmentService['shipments']>>,
    vendorId: string,
    actor: Actor,
    now: Date,
  ): Promise<OrderDetail> {
    const orderId = order.id;
    {
      await fulfilment.update(tx, orderId, vendorId, { status: 'delivered', deliveredAt: now });
      const items = await orders.items(tx, orderId);
      const next = statusFromShipments(
        items,
        shipmentRows.map((r) => (r.vendorId === vendorId ? { ...r, status: 'delivered' } : r)),
      );
      if (next === 'delivered') return complete(tx, order, actor, now);
      await recordInLedger(tx, order, [vendorId], now);
      const updated = await orders.update(tx, orderId, { status: next ?? order.status });
      await orders.timeline.add(
        tx,
        {
          orderId,
          kind: 'shipment',
          message: `${items.find((i) => i.vendorId === vendorId)!.sellerName}'s items were delivered.`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        },
        { vendorId },
      );
      return orders.detail(tx, updated);
    }
  }

  return {
    /**
     * The courier's tracking says the vendor's parcel was delivered (the flow `track-parcel`, in its transaction):
     * as the vendor's own record, unless its items are no longer waiting as shipped (marked delivered by hand,
     * or never shipped), when nothing changes.
     */
    async byCourier(tx: Executor, orderId: string, vendorId: string, at: Date): Promise<void> {
      const order = await orders.locked(tx, orderId);
      const shipmentRows = await fulfilment.shipments(tx, orderId);
      const mine = shipmentRows.find((r) => r.vendorId === vendorId);
      if (!mine || mine.status !== 'shipped') return;
      await deliverShipped(tx, order, shipmentRows, vendorId, { role: 'system', userId: null }, at);
    },

    /** The courier delivered every seller's items (an admin's record): a cash-on-delivery payment is collected now. */
    async byAdmin(orderId: string, actor: Actor, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId);
        if (order.status !== 'shipped' && order.status !== 'partly_delivered') {
          throw new AppError('CONFLICT', 'Only a shipped order can be marked delivered.');
        }
        await fulfilment.deliverAll(tx, orderId, now);
        return complete(tx, order, actor, now);
      });
    },

    /** The vendor's items of an order reached the customer. */
    async byVendor(vendorId: string, userId: string, orderId: string): Promise<VendorOrder> {
      await vendorOrders.ownVendorOrder(vendorId, orderId);
      await deliverForVendor(orderId, vendorId, { role: 'vendor', userId });
      return vendorOrders.vendorView(vendorId, orderId);
    },
  };
}

export type DeliverOrder = ReturnType<typeof createDeliverOrder>;

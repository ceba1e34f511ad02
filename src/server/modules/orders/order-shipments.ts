import { formatPaise } from '~/shared/money';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed';
import { dayOf } from '../../lib/dates';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/audit.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PayoutsService } from '../payouts/payouts.service';
import type { ErasedCustomerData } from './erased-customer-data';
import type { OrderOperations } from './order-operations';
import { lockedOrder, statusFromShipments, type Actor } from './order-rules';
import { type OrderTimeline } from './order-timeline';
import { mailAddressOf, orderDetail, type OrderMail } from './order-views';
import * as repo from './orders.repo';

/** Statuses in which sellers still ship items of an order. */
const SHIPPABLE: readonly string[] = ['placed', 'processing', 'partly_shipped', 'partly_delivered'];

/** What fulfilment is handed (by the orders' service). */
export interface FulfilmentDeps {
  db: Database;
  payments: PaymentsService;
  operations: OrderOperations;
  mail: OrderMail;
  payouts: Pick<PayoutsService, 'recordDelivered' | 'reverse'>;
  timeline: OrderTimeline;
  sealer: Sealer;
  /**
   * An admin's "Refund in full" and a seller's refund of its returned items are one audit entry each:
   * their credit note's and refund's steps are gathered into it.
   */
  audit: Pick<AuditService, 'record' | 'gather'>;
  /** What a refund that closes an erased customer's return removes (decision 55). */
  erased: Pick<ErasedCustomerData, 'afterRefund'>;
}

/** After payment: shipments (one per seller) and delivery, which writes the delivered lines into the vendor ledger. */
export function createOrderShipments(deps: FulfilmentDeps) {
  const { db, payments, mail, payouts, timeline, sealer } = deps;

  /** Writes the delivered sellers' lines (what was not cancelled) into the vendor ledger. */
  async function recordInLedger(tx: Executor, order: repo.OrderRow, vendorIds: readonly string[], at: Date): Promise<void> {
    const orderId = order.id;
    const items = await repo.itemsOf(tx, [orderId]);
    // Units refunded after shipping but before delivery were given back: their credit notes count them.
    const credited = (await repo.creditNotesOf(tx, orderId)).flatMap((n) => n.lines);
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
  const detail = (tx: Executor, order: repo.OrderRow) => orderDetail({ payments, sealer }, tx, order);

  /** Every seller's items are delivered: cash on delivery is collected, the order is delivered and the customer told. */
  async function complete(tx: Executor, order: repo.OrderRow, actor: Actor, now: Date): Promise<OrderDetail> {
    await recordInLedger(
      tx,
      order,
      (await repo.shipmentsOf(tx, order.id)).map((s) => s.vendorId),
      now,
    );
    const payment = await payments.of(tx, order.id, { lock: true });
    await payments.collectCash(tx, payment, now);
    const updated = await repo.updateOrder(tx, order.id, { status: 'delivered', deliveredAt: now });
    await timeline.add(tx, {
      orderId: order.id,
      kind: 'delivered',
      message: payment.provider === 'cod' ? `Delivered; ${formatPaise(payment.amountPaise)} collected in cash.` : 'Delivered.',
      actorRole: actor.role,
      actorUserId: actor.userId,
    });
    await mail.send(tx, updated, 'order_delivered', { deliveredOn: dayOf(now) });
    return detail(tx, updated);
  }

  return {
    /**
     * Hands a vendor's items to a courier (one shipment per vendor). The order is `shipped` once
     * every vendor's items are, and `processing` while some are.
     */
    async ship(
      orderId: string,
      input: { carrier: string; trackingNumber: string; trackingUrl?: string; vendorId?: string },
      actor: Actor,
    ): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (!SHIPPABLE.includes(order.status)) {
          throw new AppError(
            'CONFLICT',
            order.status === 'pending_payment'
              ? 'This order is not paid yet.'
              : `An order that is ${order.status.replace('_', ' ')} cannot be shipped.`,
          );
        }
        const items = await repo.itemsOf(tx, [orderId]);
        const before = await repo.shipmentsOf(tx, orderId);
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
        await repo.insertShipment(tx, {
          id: newId('shp'),
          orderId,
          vendorId,
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: input.trackingUrl ?? null,
        });
        const seller = items.find((i) => i.vendorId === vendorId)!.sellerName;
        const all = waiting.length === 1;
        const status = statusFromShipments(items, [...before, { vendorId, status: 'shipped' }]) ?? 'partly_shipped';
        const updated = await repo.updateOrder(tx, orderId, { status });
        await timeline.add(
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
          await mail.send(tx, updated, 'order_shipped', {
            address: mailAddressOf(updated.address),
            carrier: input.carrier,
            trackingNumber: input.trackingNumber,
            ...(input.trackingUrl ? { trackingUrl: input.trackingUrl } : {}),
            ...(updated.expectedBy ? { expectedBy: dayOf(new Date(`${updated.expectedBy}T12:00:00+05:30`)) } : {}),
          });
        }
        return detail(tx, updated);
      });
    },

    /** The courier delivered every seller's items (an admin's record): a cash-on-delivery payment is collected now. */
    async deliver(orderId: string, actor: Actor, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'shipped' && order.status !== 'partly_delivered') {
          throw new AppError('CONFLICT', 'Only a shipped order can be marked delivered.');
        }
        await repo.deliverShipments(tx, orderId, now);
        return complete(tx, order, actor, now);
      });
    },

    /**
     * A vendor's items of an order reached the customer. The order is delivered (and cash on delivery
     * collected) when every seller's items have; until then it is partly delivered.
     */
    async deliverForVendor(orderId: string, vendorId: string, actor: Actor, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        const shipmentRows = await repo.shipmentsOf(tx, orderId);
        const mine = shipmentRows.find((r) => r.vendorId === vendorId);
        if (!mine) throw new AppError('CONFLICT', 'Ship your items of this order before marking them delivered.');
        if (mine.status !== 'shipped') throw new AppError('CONFLICT', 'Your items of this order are marked delivered already.');
        await repo.updateShipment(tx, orderId, vendorId, { status: 'delivered', deliveredAt: now });
        const items = await repo.itemsOf(tx, [orderId]);
        const next = statusFromShipments(
          items,
          shipmentRows.map((r) => (r.vendorId === vendorId ? { ...r, status: 'delivered' } : r)),
        );
        if (next === 'delivered') return complete(tx, order, actor, now);
        await recordInLedger(tx, order, [vendorId], now);
        const updated = await repo.updateOrder(tx, orderId, { status: next ?? order.status });
        await timeline.add(
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
        return detail(tx, updated);
      });
    },
  };
}

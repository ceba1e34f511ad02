import { formatPaise } from '~/shared/money';
import { returnDeadline } from '~/shared/orders';
import type { OrderDetail, ReturnRequest } from '~/shared/schemas/orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/dates';
import { newId } from '../../lib/ids';
import type { PaymentsService } from '../payments/payments.service';
import type { OrderOperations } from './order-operations';
import { lockedOrder, type Actor } from './order-rules';
import { mailAddressOf, orderDetail, type OrderMail } from './order-views';
import * as repo from './orders.repo';

/**
 * After payment: returns asked for by the customer, shipments (one per seller), delivery, and the
 * return received and refunded.
 */
export function createOrderFulfilment(deps: { db: Database; payments: PaymentsService; operations: OrderOperations; mail: OrderMail }) {
  const { db, payments, operations, mail } = deps;
  const detail = (tx: Executor, order: repo.OrderRow) => orderDetail(payments, tx, order);
  return {
    /** A return asked for within RETURN_WINDOW_DAYS of delivery. */
    async requestReturn(userId: string, orderId: string, input: ReturnRequest, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId, userId);
        if (order.status === 'return_requested') throw new AppError('CONFLICT', 'A return has already been requested for this order.');
        if (order.status !== 'delivered') throw new AppError('CONFLICT', 'A return can be requested once the order is delivered.');
        const deadline = returnDeadline(order.deliveredAt)!;
        if (now > deadline) throw new AppError('CONFLICT', `The 7-day return window for this order closed on ${dayOf(deadline)}.`);
        const reason = input.details ? `${input.reason}: ${input.details}` : input.reason;
        const updated = await repo.updateOrder(tx, orderId, { status: 'return_requested', returnReason: reason, returnRequestedAt: now });
        await repo.addEvent(tx, {
          orderId,
          kind: 'return_requested',
          message: `Return requested: ${reason}. We will arrange a pickup within 2 working days.`,
          actorRole: 'customer',
          actorUserId: userId,
        });
        return detail(tx, updated);
      });
    },

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
        if (order.status !== 'placed' && order.status !== 'processing') {
          throw new AppError(
            'CONFLICT',
            order.status === 'pending_payment'
              ? 'This order is not paid yet.'
              : `An order that is ${order.status.replace('_', ' ')} cannot be shipped.`,
          );
        }
        const items = await repo.itemsOf(tx, [orderId]);
        const shipped = new Set((await repo.shipmentsOf(tx, orderId)).map((s) => s.vendorId));
        const waiting = [...new Set(items.map((i) => i.vendorId))].filter((v) => !shipped.has(v));
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
        const updated = await repo.updateOrder(tx, orderId, { status: all ? 'shipped' : 'processing' });
        await repo.addEvent(tx, {
          orderId,
          kind: all ? 'shipped' : 'shipment',
          message: `${seller} shipped ${all && shipped.size === 0 ? 'the order' : 'their items'} with ${input.carrier}, tracking number ${input.trackingNumber}.`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
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

    /** The courier delivered: a cash-on-delivery payment is collected at this moment. */
    async deliver(orderId: string, actor: Actor, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'shipped') throw new AppError('CONFLICT', 'Only a shipped order can be marked delivered.');
        await repo.deliverShipments(tx, orderId, now);
        const payment = await payments.of(tx, orderId, { lock: true });
        await payments.collectCash(tx, payment, now);
        const updated = await repo.updateOrder(tx, orderId, { status: 'delivered', deliveredAt: now });
        await repo.addEvent(tx, {
          orderId,
          kind: 'delivered',
          message: payment.provider === 'cod' ? `Delivered; ${formatPaise(order.totalPaise)} collected in cash.` : 'Delivered.',
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        await mail.send(tx, updated, 'order_delivered', { deliveredOn: dayOf(now) });
        return detail(tx, updated);
      });
    },

    /** The returned items arrived and were checked: they go back into stock. */
    async receiveReturn(orderId: string, actor: Actor): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'return_requested')
          throw new AppError('CONFLICT', 'Only an order with a return requested can be received back.');
        await operations.restock(tx, order);
        const updated = await repo.updateOrder(tx, orderId, { status: 'returned' });
        await repo.addEvent(tx, {
          orderId,
          kind: 'returned',
          message: 'Return received and checked; the items are back in stock. Your refund follows.',
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        return detail(tx, updated);
      });
    },

    /**
     * Refunds a returned order in full: through the provider for online payments, by bank transfer
     * for cash on delivery (recorded here, paid by the shop's bank).
     */
    async refundReturn(orderId: string, actor: Actor): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'returned') throw new AppError('CONFLICT', 'Only a returned order can be refunded.');
        const payment = await payments.of(tx, orderId, { lock: true });
        if (payment.status !== 'captured' || payment.amountPaise - payment.amountRefundedPaise <= 0)
          throw new AppError('CONFLICT', 'This order has no payment left to refund.');
        const refund = await operations.refund(tx, order, {
          payment,
          reason: 'Order returned',
          notes: { order: order.orderNumber, reason: 'return' },
          actor,
          kind: 'refunded',
        });
        const updated = await repo.updateOrder(tx, orderId, { status: 'refunded' });
        await mail.send(tx, updated, 'order_refunded', { refundPaise: refund.amountPaise, how: refund.how });
        return detail(tx, updated);
      });
    },
  };
}

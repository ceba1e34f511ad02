import { formatPaise } from '~/shared/money';
import { inSentence, inThirdPerson, returnDeadline } from '~/shared/orders';
import type { OrderDetail, ReceiveReturn, ReturnCondition, ReturnRequest } from '~/shared/schemas/orders';
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
import { lockedOrder, openLinesOf, refundAccountProblem, selectedLines, statusFromShipments, type Actor } from './order-rules';
import { withoutOrderNumber, type OrderTimeline } from './order-timeline';
import { mailAddressOf, orderDetail, type OrderMail } from './order-views';
import * as repo from './orders.repo';
import { attachReturnPhotos } from './return-photos';

/** What the customer's timeline says of returned items once checked. */
const CHECKED: Record<ReturnCondition, string> = {
  resellable: 'the items are back in stock.',
  damaged: 'the items are damaged and will not be sold again.',
};

/** Statuses in which sellers still ship items of an order. */
const SHIPPABLE: readonly string[] = ['placed', 'processing', 'partly_shipped', 'partly_delivered'];

/**
 * After payment: returns asked for by the customer, shipments (one per seller), delivery, and the
 * return received and refunded.
 */
/** Why a seller does not refund a cash-on-delivery return itself. */
export const COD_REFUNDED_BY_SHOP =
  'The shop collected the cash for this order, so the shop refunds it by bank transfer to the customer: there is nothing for you to do.';

export function createOrderFulfilment(deps: {
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
}) {
  const { db, payments, operations, mail, payouts, timeline, sealer, audit, erased } = deps;

  /**
   * Once every item of a cash-on-delivery return is back and checked, the shop can transfer the
   * refund: a customer who has not said where to is reminded by e-mail (decision 46's bank transfer).
   */
  async function askForRefundAccount(tx: Executor, order: repo.OrderRow): Promise<void> {
    if (order.status !== 'returned' || order.paymentMethod !== 'cod' || repo.hasRefundAccount(order)) return;
    const payment = await payments.of(tx, order.id);
    if (refundAccountProblem(order, payment) !== null) return;
    await mail.send(tx, order, 'order_refund_account_needed', { refundPaise: payment.amountPaise - payment.amountRefundedPaise });
  }

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
     * A return asked for within the order's return window (the settings' when it was placed) after
     * delivery, with the photos the customer uploaded for it (attached by id, decision 50).
     */
    async requestReturn(userId: string, orderId: string, input: ReturnRequest, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId, userId);
        if (order.status === 'return_requested') throw new AppError('CONFLICT', 'A return has already been requested for this order.');
        if (order.status !== 'delivered') throw new AppError('CONFLICT', 'A return can be requested once the order is delivered.');
        const deadline = returnDeadline(order.deliveredAt, order.returnWindowDays)!;
        if (now > deadline)
          throw new AppError('CONFLICT', `The ${order.returnWindowDays}-day return window for this order closed on ${dayOf(deadline)}.`);
        const reason = input.details ? `${input.reason}: ${inSentence(input.details)}` : input.reason;
        const photoCount = await attachReturnPhotos(tx, orderId, userId, input.photoIds ?? [], now);
        const updated = await repo.updateOrder(tx, orderId, { status: 'return_requested', returnReason: reason, returnRequestedAt: now });
        const withPhotos = photoCount === 0 ? '' : ` (${photoCount === 1 ? '1 photo' : `${photoCount} photos`} attached)`;
        await timeline.add(tx, {
          orderId,
          kind: 'return_requested',
          message: `Return requested: ${reason}${withPhotos}. We will arrange a pickup within 2 working days.`,
          actorRole: 'customer',
          actorUserId: userId,
        });
        // Cash on delivery is refunded by the shop's bank transfer: the e-mail asks for the account.
        await mail.send(tx, updated, 'order_return_requested', {
          reason,
          photoCount,
          ...(updated.paymentMethod === 'cod' ? { refundByBankTransfer: true } : {}),
        });
        await mail.notifySellers(tx, updated, 'return_requested', { reason, photoCount });
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

    /**
     * A vendor received its items of a returned order back and checked them: fit to sell again, they go
     * back into its stock; damaged or faulty, they are written off. The order is returned once every
     * seller has received theirs.
     */
    async receiveReturnForVendor(
      orderId: string,
      vendorId: string,
      actor: Actor,
      { condition }: ReceiveReturn,
      now = new Date(),
    ): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'return_requested') throw new AppError('CONFLICT', 'The customer has not asked to return this order.');
        const shipmentRows = await repo.shipmentsOf(tx, orderId);
        const mine = shipmentRows.find((r) => r.vendorId === vendorId);
        if (!mine || mine.status !== 'delivered') throw new AppError('CONFLICT', 'Your items of this order were received back already.');
        const items = await repo.itemsOf(tx, [orderId]);
        if (condition === 'resellable') await operations.restock(tx, order, openLinesOf(items, vendorId));
        await repo.updateShipment(tx, orderId, vendorId, { status: 'return_received', returnReceivedAt: now, returnCondition: condition });
        const all = shipmentRows.every((r) => r.vendorId === vendorId || r.status === 'return_received' || r.status === 'refunded');
        const updated = all ? await repo.updateOrder(tx, orderId, { status: 'returned' }) : order;
        await timeline.add(
          tx,
          {
            orderId,
            kind: all ? 'returned' : 'note',
            message: `${items.find((i) => i.vendorId === vendorId)!.sellerName} received the returned items and checked them: ${CHECKED[condition]} Your refund for them follows.`,
            actorRole: actor.role,
            actorUserId: actor.userId,
          },
          { vendorId },
        );
        await askForRefundAccount(tx, updated);
        return detail(tx, updated);
      });
    },

    /**
     * A vendor refunds its items of a returned order, once they are back: their price after their
     * share of any coupon, through the provider (cash on delivery: by bank transfer). The order is
     * refunded once every seller has refunded theirs. The audit log has one entry for it, naming the
     * seller, the items and the credit note, with the steps the customer's timeline shows.
     */
    async refundReturnForVendor(orderId: string, vendorId: string, actor: Actor, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        const shipmentRows = await repo.shipmentsOf(tx, orderId);
        const mine = shipmentRows.find((r) => r.vendorId === vendorId);
        if (mine?.status === 'refunded') throw new AppError('CONFLICT', 'Your items of this order have been refunded already.');
        if (!mine || mine.status !== 'return_received' || (order.status !== 'return_requested' && order.status !== 'returned')) {
          throw new AppError('CONFLICT', 'Receive the returned items before refunding them.');
        }
        const payment = await payments.of(tx, orderId, { lock: true });
        if (payment.status !== 'captured' && payment.status !== 'partially_refunded') {
          throw new AppError('CONFLICT', 'This order has no payment left to refund.');
        }
        // The courier handed the cash to the shop, not to the seller: the shop pays it back by bank transfer.
        if (payment.provider === 'cod') throw new AppError('CONFLICT', COD_REFUNDED_BY_SHOP);
        const items = await repo.itemsOf(tx, [orderId]);
        const lines = openLinesOf(items, vendorId);
        const seller = items.find((i) => i.vendorId === vendorId)!.sellerName;
        await payouts.reverse(
          tx,
          lines.map((l) => l.itemId),
          now,
        );
        // One refund is one audit entry (decision 54): the credit note's and the money's steps are held and carried in it.
        const { result, held } = await audit.gather(tx, async () => {
          const note = await operations.creditNote(tx, order, { lines, reason: `Items returned to ${seller}`, actor });
          const refund = await operations.refund(tx, order, {
            payment,
            lines,
            reason: 'Items returned',
            notes: { order: order.orderNumber, reason: 'return' },
            actor,
          });
          return { note, refund };
        });
        const { note, refund } = result;
        await repo.updateShipment(tx, orderId, vendorId, { status: 'refunded', refundedAt: now });
        const all = shipmentRows.every((r) => r.vendorId === vendorId || r.status === 'refunded');
        const updated = await repo.updateOrder(tx, orderId, { status: all ? 'refunded' : order.status });
        await audit.record(tx, {
          action: 'order.refund_return',
          entityType: 'order',
          entityId: orderId,
          vendorId,
          summary: `Order ${order.orderNumber}: ${seller} refunded its returned items, ${formatPaise(refund.amountPaise)} ${inThirdPerson(refund.how)}`,
          before: { status: order.status, amountRefundedPaise: payment.amountRefundedPaise },
          after: {
            status: updated.status,
            amountRefundedPaise: payment.amountRefundedPaise + refund.amountPaise,
            lines: selectedLines(items, lines).map(({ item, quantity }) => ({ itemId: item.id, name: item.name, quantity })),
            creditNote: note?.number ?? null,
            steps: held.map((h) => withoutOrderNumber(h.summary, order.orderNumber)),
          },
          actor: { userId: actor.userId, role: actor.role },
        });
        await mail.send(tx, updated, 'order_refunded', { refundPaise: refund.amountPaise, how: refund.how, takes: refund.takes });
        return detail(tx, await erased.afterRefund(tx, updated));
      });
    },

    /**
     * The returned items arrived at the shop and were checked: back into stock, or written off when
     * damaged. Sellers who received their items already decided for theirs.
     */
    async receiveReturn(orderId: string, actor: Actor, { condition }: ReceiveReturn, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'return_requested')
          throw new AppError('CONFLICT', 'Only an order with a return requested can be received back.');
        const items = await repo.itemsOf(tx, [orderId]);
        const pending = (await repo.shipmentsOf(tx, orderId)).filter((r) => r.status === 'delivered');
        if (condition === 'resellable') {
          await operations.restock(
            tx,
            order,
            pending.flatMap((r) => openLinesOf(items, r.vendorId)),
          );
        }
        for (const r of pending)
          await repo.updateShipment(tx, orderId, r.vendorId, {
            status: 'return_received',
            returnReceivedAt: now,
            returnCondition: condition,
          });
        const updated = await repo.updateOrder(tx, orderId, { status: 'returned' });
        await timeline.add(tx, {
          orderId,
          kind: 'returned',
          message: `Return received and checked: ${CHECKED[condition]} Your refund follows.`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        await askForRefundAccount(tx, updated);
        return detail(tx, updated);
      });
    },

    /**
     * Refunds a returned order in full: through the provider for online payments, by bank transfer
     * for cash on delivery (made by the shop's bank first, recorded here with its reference).
     */
    async refundReturn(orderId: string, actor: Actor, input: { bankReference?: string | undefined } = {}): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'returned') throw new AppError('CONFLICT', 'Only a returned order can be refunded.');
        const payment = await payments.of(tx, orderId, { lock: true });
        if (payment.status !== 'captured' || payment.amountPaise - payment.amountRefundedPaise <= 0)
          throw new AppError('CONFLICT', 'This order has no payment left to refund.');
        const byTransfer = payment.provider === 'cod';
        if (byTransfer && !input.bankReference) {
          throw new AppError('VALIDATION', 'Enter the reference of the bank transfer you made to the customer.', {
            fields: { bankReference: 'Enter the bank transfer reference (UTR)' },
          });
        }
        const reference = byTransfer ? ` (bank transfer ${input.bankReference})` : '';
        // Sellers who refunded their items already issued their credit notes.
        const items = await repo.itemsOf(tx, [orderId]);
        const unrefunded = (await repo.shipmentsOf(tx, orderId)).filter((r) => r.status !== 'refunded');
        // One refund is one audit entry (decision 54): the credit note's and the money's steps are held and carried in it.
        const { result, held } = await audit.gather(tx, async () => {
          const note = await operations.creditNote(tx, order, {
            lines: unrefunded.flatMap((r) => openLinesOf(items, r.vendorId)),
            reason: 'Order returned',
            actor,
            withShipping: true,
          });
          const refund = await operations.refund(tx, order, {
            payment,
            reason: `Order returned${reference}`,
            notes: { order: order.orderNumber, reason: 'return' },
            actor,
            kind: 'refunded',
            message: (r) => `Refund of ${formatPaise(r.amountPaise)} issued ${r.how}${reference}.`,
          });
          return { note, refund };
        });
        const { note, refund } = result;
        await audit.record(tx, {
          action: 'order.refunded',
          entityType: 'order',
          entityId: orderId,
          summary: `Order ${order.orderNumber}: the return refunded in full, ${formatPaise(refund.amountPaise)} ${inThirdPerson(refund.how)}${reference}`,
          before: { status: order.status, amountRefundedPaise: payment.amountRefundedPaise },
          after: {
            status: 'refunded',
            amountRefundedPaise: payment.amountRefundedPaise + refund.amountPaise,
            creditNote: note?.number ?? null,
            ...(byTransfer ? { bankReference: input.bankReference } : {}),
            steps: held.map((h) => withoutOrderNumber(h.summary, order.orderNumber)),
          },
          actor: { userId: actor.userId, role: actor.role },
        });
        await payouts.reverse(
          tx,
          items.map((i) => i.id),
        );
        const updated = await repo.updateOrder(tx, orderId, { status: 'refunded' });
        for (const r of await repo.shipmentsOf(tx, orderId)) {
          if (r.status !== 'refunded') await repo.updateShipment(tx, orderId, r.vendorId, { status: 'refunded', refundedAt: new Date() });
        }
        await mail.send(tx, updated, 'order_refunded', { refundPaise: refund.amountPaise, how: refund.how, takes: refund.takes });
        return detail(tx, await erased.afterRefund(tx, updated));
      });
    },
  };
}

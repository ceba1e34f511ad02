import { formatPaise } from '~/shared/money';
import { inSentence, inThirdPerson, returnDeadline } from '~/shared/orders';
import type { OrderDetail, ReceiveReturn, ReturnCondition, ReturnRequest } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/dates';
import { lockedOrder, openLinesOf, refundAccountProblem, selectedLines, type Actor } from './order-rules';
import { withoutOrderNumber } from './order-timeline';
import { orderDetail } from './order-views';
import * as repo from './orders.repo';
import { attachReturnPhotos } from './return-photos';
import type { FulfilmentDeps } from './order-shipments';

/** What the customer's timeline says of returned items once checked. */
const CHECKED: Record<ReturnCondition, string> = {
  resellable: 'the items are back in stock.',
  damaged: 'the items are damaged and will not be sold again.',
};

/** Why a seller does not refund a cash-on-delivery return itself. */
export const COD_REFUNDED_BY_SHOP =
  'The shop collected the cash for this order, so the shop refunds it by bank transfer to the customer: there is nothing for you to do.';

/** After delivery: returns asked for by the customer, received and checked by the seller (or the shop), and refunded. */
export function createOrderReturns(deps: FulfilmentDeps) {
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
  const detail = (tx: Executor, order: repo.OrderRow) => orderDetail({ payments, sealer }, tx, order);

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

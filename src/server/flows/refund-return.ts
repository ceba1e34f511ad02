import { formatPaise } from '~/shared/money';
import { inThirdPerson } from '~/shared/orders';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { AuditService } from '../modules/audit/audit.service';
import { openLinesOf, selectedLines } from '../modules/orders/order-rules';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service';
import type { Actor, OrderSteps } from '../modules/orders/order-steps';
import { withoutOrderNumber } from '../modules/orders/order-timeline';
import type { VendorOrders } from '../modules/orders/orders.vendor.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { PayoutsService } from '../modules/payouts/payouts.service';
import type { ReturnsService } from '../modules/returns/returns.service';
import type { OrderMoney } from './order-money';

/** Why a seller does not refund a cash-on-delivery return itself. */
export const COD_REFUNDED_BY_SHOP =
  'The shop collected the cash for this order, so the shop refunds it by bank transfer to the customer: there is nothing for you to do.';

/** Why a return whose serials did not match is not refunded yet (decision 72). */
export const SERIAL_HOLD =
  'The serial numbers of the returned items do not match the units you shipped: the shop checks them before the refund goes ahead.';

/**
 * The flow `refund-return` (decision 62): a received return refunded — a seller's items, or the whole
 * order by the shop — in one transaction over the vendor ledger (the lines reversed), the orders
 * (credit note, shipments, status, timeline, e-mail) and payments (the money back through the
 * provider, or the shop's bank transfer recorded).
 */
export function createRefundReturn(deps: {
  db: Database;
  orders: OrderSteps;
  /** The sellers' shipments: read under the order's lock, and written. */
  fulfilment: FulfilmentService;
  /** The credit note of the refunded items and what a refund closing an erased customer's return removes (the returns module's). */
  returns: Pick<ReturnsService, 'creditNotes' | 'afterRefund'>;
  vendorOrders: Pick<VendorOrders, 'ownVendorOrder' | 'vendorView'>;
  money: Pick<OrderMoney, 'refund'>;
  payments: Pick<PaymentsService, 'of'>;
  payouts: Pick<PayoutsService, 'reverse'>;
  audit: Pick<AuditService, 'record' | 'gather'>;
}) {
  const { db, orders, fulfilment, returns, vendorOrders, money, payments, payouts, audit } = deps;

  /**
   * A vendor refunds its items of a returned order, once they are back: their price after their
   * share of any coupon, through the provider (cash on delivery: by bank transfer). The order is
   * refunded once every seller has refunded theirs. The audit log has one entry for it, naming the
   * seller, the items and the credit note, with the steps the customer's timeline shows.
   */
  async function refundForVendor(orderId: string, vendorId: string, actor: Actor, now = new Date()): Promise<OrderDetail> {
    return db.transaction(async (tx) => {
      const order = await orders.locked(tx, orderId);
      const shipmentRows = await fulfilment.shipments(tx, orderId);
      const mine = shipmentRows.find((r) => r.vendorId === vendorId);
      if (mine?.status === 'refunded') throw new AppError('CONFLICT', 'Your items of this order have been refunded already.');
      if (!mine || mine.status !== 'return_received' || (order.status !== 'return_requested' && order.status !== 'returned')) {
        throw new AppError('CONFLICT', 'Receive the returned items before refunding them.');
      }
      if (mine.serialHoldAt && !mine.serialHoldReleasedAt) throw new AppError('CONFLICT', SERIAL_HOLD);
      const payment = await payments.of(tx, orderId, { lock: true });
      if (payment.status !== 'captured' && payment.status !== 'partially_refunded') {
        throw new AppError('CONFLICT', 'This order has no payment left to refund.');
      }
      // The courier handed the cash to the shop, not to the seller: the shop pays it back by bank transfer.
      if (payment.provider === 'cod') throw new AppError('CONFLICT', COD_REFUNDED_BY_SHOP);
      const items = await orders.items(tx, orderId);
      const lines = openLinesOf(items, vendorId);
      const seller = items.find((i) => i.vendorId === vendorId)!.sellerName;
      await payouts.reverse(
        tx,
        lines.map((l) => l.itemId),
        now,
      );
      // One refund is one audit entry (decision 54): the credit note's and the money's steps are held and carried in it.
      const { result, held } = await audit.gather(tx, async () => {
        const note = await returns.creditNotes.issue(tx, order, { lines, reason: `Items returned to ${seller}`, actor });
        const refund = await money.refund(tx, order, {
          payment,
          lines,
          reason: 'Items returned',
          notes: { order: order.orderNumber, reason: 'return' },
          actor,
        });
        return { note, refund };
      });
      const { note, refund } = result;
      await fulfilment.update(tx, orderId, vendorId, { status: 'refunded', refundedAt: now });
      const all = shipmentRows.every((r) => r.vendorId === vendorId || r.status === 'refunded');
      const updated = await orders.update(tx, orderId, { status: all ? 'refunded' : order.status });
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
      await orders.mail.send(tx, updated, 'order_refunded', { refundPaise: refund.amountPaise, how: refund.how, takes: refund.takes });
      return orders.detail(tx, await returns.afterRefund(tx, updated));
    });
  }

  return {
    /**
     * Refunds a returned order in full: through the provider for online payments, by bank transfer
     * for cash on delivery (made by the shop's bank first, recorded here with its reference).
     */
    async byAdmin(orderId: string, actor: Actor, input: { bankReference?: string | undefined } = {}): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId);
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
        const items = await orders.items(tx, orderId);
        const unrefunded = (await fulfilment.shipments(tx, orderId)).filter((r) => r.status !== 'refunded');
        if (unrefunded.some((r) => r.serialHoldAt && !r.serialHoldReleasedAt)) {
          throw new AppError(
            'CONFLICT',
            'The returned serial numbers do not match what was shipped: release the hold after checking them, then refund.',
          );
        }
        // One refund is one audit entry (decision 54): the credit note's and the money's steps are held and carried in it.
        const { result, held } = await audit.gather(tx, async () => {
          const note = await returns.creditNotes.issue(tx, order, {
            lines: unrefunded.flatMap((r) => openLinesOf(items, r.vendorId)),
            reason: 'Order returned',
            actor,
            withShipping: true,
          });
          const refund = await money.refund(tx, order, {
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
        const updated = await orders.update(tx, orderId, { status: 'refunded' });
        await fulfilment.refundAll(tx, orderId);
        await orders.mail.send(tx, updated, 'order_refunded', { refundPaise: refund.amountPaise, how: refund.how, takes: refund.takes });
        return orders.detail(tx, await returns.afterRefund(tx, updated));
      });
    },

    /** The vendor refunds its returned items to the customer. */
    async byVendor(vendorId: string, userId: string, orderId: string): Promise<VendorOrder> {
      await vendorOrders.ownVendorOrder(vendorId, orderId);
      await refundForVendor(orderId, vendorId, { role: 'vendor', userId });
      return vendorOrders.vendorView(vendorId, orderId);
    },
  };
}

export type RefundReturn = ReturnType<typeof createRefundReturn>;

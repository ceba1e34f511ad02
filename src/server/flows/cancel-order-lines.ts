import { formatPaise } from '~/shared/money';
import type { CancelLines, VendorOrder } from '~/shared/schemas/vendor-orders';
import type { Database, Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import type { AuditService } from '../modules/audit/audit.service';
import type { CouponsService } from '../modules/coupons/coupons.service';
import { refundOfLines, statusFromShipments } from '../modules/orders/order-rules';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service';
import type { Actor, LineSelection, OrderRow, OrderSteps } from '../modules/orders/order-steps';
import { withoutOrderNumber } from '../modules/orders/order-timeline';
import type { VendorOrders } from '../modules/orders/orders.vendor.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { ReturnsService } from '../modules/returns/returns.service';
import { PAYMENT, type OrderMoney } from './order-money';

/**
 * The flow `cancel-order-lines` (decision 62): some lines of a confirmed order cancelled before they
 * ship (a seller cannot supply them), in one transaction over the orders (credit note, cancelled
 * quantities, status, timeline, e-mail), the catalogue (their stock back), payments (their money
 * refunded, or less cash to collect) and coupons (released when nothing is left). The seller's step
 * here; the admin's through `cancel-order`.
 */
export function createCancelOrderLines(deps: {
  db: Database;
  orders: OrderSteps;
  /** The sellers' shipments: read under the order's lock, and written. */
  fulfilment: FulfilmentService;
  /** The credit note of a confirmed order's cancelled units (the returns module's). */
  returns: Pick<ReturnsService, 'creditNotes'>;
  vendorOrders: Pick<VendorOrders, 'ownVendorOrder' | 'checkCancelLines' | 'vendorView'>;
  money: OrderMoney;
  payments: Pick<PaymentsService, 'of' | 'cancelUnpaid' | 'reduceCashDue' | 'collectCash'>;
  coupons: Pick<CouponsService, 'release'>;
  audit: Pick<AuditService, 'record' | 'gather'>;
}) {
  const { db, orders, fulfilment, returns, vendorOrders, money, payments, coupons, audit } = deps;

  /**
   * Cancels some lines of a confirmed order before they ship: their stock back, the cancelled
   * quantities on the lines, and the customer's money for them — refunded through the provider, or,
   * for cash on delivery not collected yet, simply not collected. When no line is left the whole
   * order is cancelled (the coupon released, the rest refunded).
   */
  async function cancelLines(
    tx: Executor,
    order: OrderRow,
    input: { lines: LineSelection; reason: string; actor: Actor; sellerName: string },
  ): Promise<OrderRow> {
    const items = await orders.items(tx, order.id);
    for (const line of input.lines) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item)
        throw new AppError('VALIDATION', 'This line is not part of the order.', { fields: { lines: 'Choose lines of this order' } });
      const open = item.quantity - item.cancelledQuantity;
      if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > open) {
        const message = open === 0 ? `${item.name} is cancelled already.` : `Cancel between 1 and ${open} of ${item.name}.`;
        throw new AppError('VALIDATION', message, { fields: { lines: message } });
      }
    }
    const nothingLeft = items.every(
      (i) => i.quantity - i.cancelledQuantity === (input.lines.find((l) => l.itemId === i.id)?.quantity ?? 0),
    );
    await returns.creditNotes.issue(tx, order, {
      lines: input.lines,
      reason: `Items cancelled by ${input.sellerName}: ${input.reason}`,
      actor: input.actor,
      withShipping: nothingLeft,
    });
    await money.restock(tx, order, input.lines);
    await orders.addCancelled(tx, input.lines);
    const after = await orders.items(tx, order.id);
    const payment = await payments.of(tx, order.id, { lock: true });
    const paidOnline = payment.provider !== 'cod' && (payment.status === 'captured' || payment.status === 'partially_refunded');
    const count = input.lines.reduce((n, l) => n + l.quantity, 0);
    const what = `${input.sellerName} cancelled ${count} item${count === 1 ? '' : 's'}: ${input.reason}.`;

    if (after.every((i) => i.cancelledQuantity >= i.quantity)) {
      await coupons.release(tx, order.id);
      if (!paidOnline) await payments.cancelUnpaid(tx, payment);
      const cancelled = await orders.update(tx, order.id, { status: 'cancelled', cancelReason: input.reason, cancelledAt: new Date() });
      await orders.timeline.add(tx, {
        orderId: order.id,
        kind: 'cancelled',
        message: `${what} Nothing is left of the order, so it is cancelled.`,
        actorRole: input.actor.role,
        actorUserId: input.actor.userId,
      });
      const refunded = paidOnline
        ? await money.refund(tx, cancelled, {
            payment,
            reason: 'Order cancelled by the seller',
            notes: { order: order.orderNumber },
            actor: PAYMENT,
          })
        : null;
      await orders.mail.send(tx, cancelled, 'order_cancelled', {
        reason: input.reason,
        ...(refunded ? { refundPaise: refunded.amountPaise, refundTakes: refunded.takes } : {}),
      });
      return cancelled;
    }

    if (paidOnline) {
      await money.refund(tx, order, {
        payment,
        lines: input.lines,
        reason: `Items cancelled by the seller: ${input.reason}`,
        notes: { order: order.orderNumber, reason: 'items cancelled' },
        actor: input.actor,
        message: (r) => `${what} Refund of ${formatPaise(r.amountPaise)} issued ${r.how}.`,
      });
    } else {
      const less = refundOfLines(items, input.lines);
      await payments.reduceCashDue(tx, payment, less);
      await orders.timeline.add(tx, {
        orderId: order.id,
        kind: 'note',
        message: `${what} ${formatPaise(less)} less will be collected on delivery.`,
        actorRole: input.actor.role,
        actorUserId: input.actor.userId,
      });
    }
    // A seller whose lines are all cancelled no longer holds the order back.
    const next = statusFromShipments(after, await fulfilment.shipments(tx, order.id));
    if (!next || next === order.status) return order;
    if (next === 'delivered') {
      // Every other seller had delivered already: the order is complete now.
      const now = new Date();
      await payments.collectCash(tx, await payments.of(tx, order.id, { lock: true }), now);
      return orders.update(tx, order.id, { status: 'delivered', deliveredAt: now });
    }
    return orders.update(tx, order.id, { status: next });
  }

  return {
    /** The step, in the caller's transaction with the order's row locked (the admin's cancellation uses it). */
    cancelLines,

    /**
     * The vendor cancels some of its lines before shipping them: stock back, the customer refunded for
     * them. The audit log has one entry for it, as for an admin's cancellation.
     */
    async byVendor(vendorId: string, userId: string, orderId: string, input: CancelLines): Promise<VendorOrder> {
      await vendorOrders.ownVendorOrder(vendorId, orderId);
      await db.transaction(async (tx) => {
        const { order, mine } = await vendorOrders.checkCancelLines(tx, vendorId, orderId, input);
        const sellerName = mine[0]!.sellerName;
        // One cancellation is one audit entry (decision 54): its steps (a credit note, the refund or the
        // cash not to collect, the order cancelled when nothing is left) record themselves, held here.
        const { result: after, held } = await audit.gather(tx, () =>
          cancelLines(tx, order, { lines: input.lines, reason: input.reason, actor: { role: 'vendor', userId }, sellerName }),
        );
        await audit.record(tx, {
          action: 'order.cancel_lines',
          entityType: 'order',
          entityId: orderId,
          vendorId,
          summary: `Order ${order.orderNumber}: items cancelled by ${sellerName}: ${input.reason}`,
          before: { status: order.status },
          after: {
            status: after.status,
            reason: input.reason,
            lines: input.lines.map((l) => ({ ...l, name: mine.find((i) => i.id === l.itemId)!.name })),
            steps: held.map((h) => withoutOrderNumber(h.summary, order.orderNumber)),
          },
          actor: { userId, role: 'vendor' },
        });
      });
      return vendorOrders.vendorView(vendorId, orderId);
    },
  };
}

export type CancelOrderLines = ReturnType<typeof createCancelOrderLines>;

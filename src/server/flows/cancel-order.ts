import { formatPaise } from '~/shared/money';
import type { AdminCancelOrder, AdminOrderResponse } from '~/shared/schemas/admin-orders';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { Database, Executor } from '../db/client';
import type { AuditService } from '../modules/audit/audit.service';
import type { CouponsService } from '../modules/coupons/coupons.service';
import { openLinesOf } from '../modules/orders/order-rules';
import type { Actor, OrderRow, OrderSteps } from '../modules/orders/order-steps';
import { withoutOrderNumber } from '../modules/orders/order-timeline';
import type { AdminOrders } from '../modules/orders/orders.admin.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { ReturnsService } from '../modules/returns/returns.service';
import type { CancelOrderLines } from './cancel-order-lines';
import { PAYMENT, type OrderMoney } from './order-money';

/**
 * The flow `cancel-order` (decision 62): an order cancelled by its customer, by an admin (the whole
 * order, or chosen lines through `cancel-order-lines`) or because its time to pay ran out, in one
 * transaction over the orders (credit note, status, timeline, e-mail), the catalogue (the stock
 * back), coupons (the use released) and payments (a paid order refunded in full, an unpaid one closed).
 */
export function createCancelOrder(deps: {
  db: Database;
  orders: OrderSteps;
  /** The credit note of a confirmed order's cancelled units (the returns module's). */
  returns: Pick<ReturnsService, 'creditNotes'>;
  admin: Pick<AdminOrders, 'checkCancel' | 'get'>;
  cancelLines: CancelOrderLines['cancelLines'];
  money: OrderMoney;
  payments: Pick<PaymentsService, 'of' | 'cancelUnpaid'>;
  coupons: Pick<CouponsService, 'release'>;
  audit: Pick<AuditService, 'record' | 'gather'>;
}) {
  const { db, orders, returns, admin, money, payments, coupons, audit } = deps;

  /**
   * Cancels an order: its stock and coupon back, a captured online payment refunded in full (an
   * unpaid one closed), the timeline and the customer's e-mail.
   */
  async function cancel(tx: Executor, order: OrderRow, input: { reason: string; actor: Actor; message: string }): Promise<OrderRow> {
    await returns.creditNotes.issue(tx, order, {
      lines: openLinesOf(await orders.items(tx, order.id)),
      reason: `Order cancelled: ${input.reason}`,
      actor: input.actor,
      withShipping: true,
    });
    await money.restock(tx, order);
    await coupons.release(tx, order.id);
    const payment = await payments.of(tx, order.id, { lock: true });
    // Partly refunded already (a seller cancelled some items): the rest goes back.
    const paid =
      (payment.status === 'captured' || payment.status === 'partially_refunded') &&
      payment.providerPaymentId !== null &&
      payment.provider !== 'cod';
    if (!paid) await payments.cancelUnpaid(tx, payment);
    const cancelled = await orders.update(tx, order.id, {
      status: 'cancelled',
      cancelReason: input.reason,
      cancelledAt: new Date(),
      paymentDueAt: null,
    });
    await orders.timeline.add(tx, {
      orderId: order.id,
      kind: 'cancelled',
      message: input.message,
      actorRole: input.actor.role,
      actorUserId: input.actor.userId,
    });
    const refunded = paid
      ? await money.refund(tx, cancelled, {
          payment,
          reason: 'Order cancelled',
          notes: { order: order.orderNumber, reason: input.reason },
          actor: PAYMENT,
          message: (r) => `Refund of ${formatPaise(r.amountPaise)} issued ${r.how}. Banks take ${r.takes} to show it.`,
        })
      : null;
    await orders.mail.send(tx, cancelled, 'order_cancelled', {
      reason: input.reason,
      ...(refunded ? { refundPaise: refunded.amountPaise, refundTakes: refunded.takes } : {}),
    });
    return cancelled;
  }

  return {
    /** The customer cancels before the order ships: stock back, coupon back, a paid order refunded in full. */
    async byCustomer(userId: string, orderId: string, reason: string): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId, userId);
        await orders.checkCustomerCancel(tx, order);
        const cancelled = await cancel(tx, order, {
          reason,
          actor: { role: 'customer', userId },
          message: `Cancelled by you: ${reason}`,
        });
        return orders.detail(tx, cancelled);
      });
    },

    /**
     * The admin cancels the whole order (before anything shipped: stock and coupon back, a paid order
     * refunded in full) or the chosen lines of sellers who have not shipped (stock back, their price
     * refunded, or collected less on delivery), with the reason on the timeline and a credit note.
     */
    async byAdmin(orderId: string, input: AdminCancelOrder, actor: Actor): Promise<AdminOrderResponse> {
      await db.transaction(async (tx) => {
        const { order, items } = await admin.checkCancel(tx, orderId, input);
        // One cancellation is one audit entry: its steps (the cancellation, a credit note, a refund) record themselves, held here.
        const { result: after, held } = await audit.gather(tx, async () =>
          input.lines
            ? deps.cancelLines(tx, order, { lines: input.lines, reason: input.reason, actor, sellerName: 'The shop' })
            : cancel(tx, order, { reason: input.reason, actor, message: `Cancelled by the shop: ${input.reason}` }),
        );
        await audit.record(tx, {
          action: input.lines ? 'order.cancel_lines' : 'order.cancel',
          entityType: 'order',
          entityId: orderId,
          summary: `Order ${order.orderNumber}: ${input.lines ? 'items' : 'order'} cancelled by an admin: ${input.reason}`,
          before: { status: order.status },
          after: {
            status: after.status,
            reason: input.reason,
            ...(input.lines ? { lines: input.lines.map((l) => ({ ...l, name: items.find((i) => i.id === l.itemId)?.name ?? null })) } : {}),
            steps: held.map((h) => withoutOrderNumber(h.summary, order.orderNumber)),
          },
          actor: { userId: actor.userId, role: actor.role },
        });
      });
      return admin.get(orderId);
    },

    /**
     * Cancels unpaid orders whose time to pay has run out and gives their stock and coupons back.
     * Rows are claimed with SKIP LOCKED, so several workers never cancel the same order twice.
     */
    async expireUnpaid(now = new Date(), limit = 50): Promise<number> {
      return db.transaction(async (tx) => {
        const overdue = await orders.claimOverdue(tx, now, limit);
        for (const order of overdue) {
          await cancel(tx, order, {
            reason: 'Payment was not completed in time',
            actor: { role: 'system', userId: null },
            message: 'Cancelled: the payment was not completed in time. The items are back on sale.',
          });
        }
        return overdue.length;
      });
    },
  };
}

export type CancelOrder = ReturnType<typeof createCancelOrder>;

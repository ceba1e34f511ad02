import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/shared/orders';
import type { Executor } from '../../db/client';
import type { InventoryService } from '../catalogue/inventory.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { ProviderPayment } from '../payments/provider';
import type { PaymentRow, PaymentsService, RefundOutcome } from '../payments/payments.service';
import { refundOfLines, selectedLines, type Actor } from './order-rules';
import type { OrderMail } from './order-views';
import * as repo from './orders.repo';

/** Some of an order's lines: which line, and how many of it. */
export type LineSelection = readonly { itemId: string; quantity: number }[];

const PAYMENT: Actor = { role: 'payment', userId: null };

/**
 * The named money and stock operations of an order, each written once: restock, refund (whole or
 * lines), cancel and capture. They run inside the caller's transaction with the order's row locked,
 * and every one leaves its entry on the order's timeline. The audit log and the vendor ledger hook
 * in here.
 */
export function createOrderOperations(deps: {
  inventory: InventoryService;
  coupons: CouponsService;
  payments: PaymentsService;
  mail: OrderMail;
}) {
  const { inventory, coupons, payments, mail } = deps;

  /** Puts the order's lines (all of them, or the chosen quantities) back into stock. */
  async function restock(tx: Executor, order: repo.OrderRow, lines?: LineSelection): Promise<void> {
    const items = await repo.itemsOf(tx, [order.id]);
    const back = lines
      ? selectedLines(items, lines).map(({ item, quantity }) => ({ productId: item.productId, quantity }))
      : items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
    await inventory.restock(tx, back);
  }

  /**
   * Gives the customer money back, all that is left of the payment or the price of some lines, and
   * writes it on the timeline (by default: "Refund of ₹… issued to your UPI.").
   */
  async function refund(
    tx: Executor,
    order: repo.OrderRow,
    input: {
      reason: string;
      actor: Actor;
      lines?: LineSelection;
      notes?: Record<string, string>;
      payment?: PaymentRow;
      kind?: 'refund' | 'refunded';
      message?: (outcome: RefundOutcome) => string;
    },
  ): Promise<RefundOutcome> {
    const payment = input.payment ?? (await payments.of(tx, order.id, { lock: true }));
    const amountPaise = input.lines ? refundOfLines(await repo.itemsOf(tx, [order.id]), input.lines) : undefined;
    const outcome = await payments.refund(tx, payment, { reason: input.reason, amountPaise, notes: input.notes });
    await repo.addEvent(tx, {
      orderId: order.id,
      kind: input.kind ?? 'refund',
      message: input.message?.(outcome) ?? `Refund of ${formatPaise(outcome.amountPaise)} issued ${outcome.how}.`,
      actorRole: input.actor.role,
      actorUserId: input.actor.userId,
    });
    return outcome;
  }

  /**
   * Cancels an order: its stock and coupon back, a captured online payment refunded in full (an
   * unpaid one closed), the timeline and the customer's e-mail.
   */
  async function cancel(
    tx: Executor,
    order: repo.OrderRow,
    input: { reason: string; actor: Actor; message: string },
  ): Promise<repo.OrderRow> {
    await restock(tx, order);
    await coupons.release(tx, order.id);
    const payment = await payments.of(tx, order.id, { lock: true });
    const paid = payment.status === 'captured' && payment.providerPaymentId !== null && payment.provider !== 'cod';
    if (!paid) await payments.cancelUnpaid(tx, payment);
    const cancelled = await repo.updateOrder(tx, order.id, {
      status: 'cancelled',
      cancelReason: input.reason,
      cancelledAt: new Date(),
      paymentDueAt: null,
    });
    await repo.addEvent(tx, {
      orderId: order.id,
      kind: 'cancelled',
      message: input.message,
      actorRole: input.actor.role,
      actorUserId: input.actor.userId,
    });
    const refunded = paid
      ? await refund(tx, cancelled, {
          payment,
          reason: 'Order cancelled',
          notes: { order: order.orderNumber, reason: input.reason },
          actor: PAYMENT,
          message: (r) => `Refund of ${formatPaise(r.amountPaise)} issued ${r.how}. Banks take 5–7 working days to show it.`,
        })
      : null;
    await mail.send(tx, cancelled, 'order_cancelled', { reason: input.reason, ...(refunded ? { refundPaise: refunded.amountPaise } : {}) });
    return cancelled;
  }

  /**
   * The provider took the money: the payment is captured and recorded, and the order is confirmed
   * (placed, with its e-mail). When the order was cancelled before the money arrived (its time to pay
   * ran out), the money goes straight back. 'captured' when the order was confirmed.
   */
  async function capture(
    tx: Executor,
    order: repo.OrderRow,
    payment: PaymentRow,
    incoming: ProviderPayment,
  ): Promise<'captured' | 'unchanged'> {
    const captured = await payments.capture(tx, payment, incoming);
    if (order.status === 'pending_payment') {
      const how = PAYMENT_METHOD_LABELS[captured.paidWith as PaymentMethod] ?? captured.paidWith;
      const placed = await repo.updateOrder(tx, order.id, { status: 'placed', paymentDueAt: null });
      await repo.addEvent(tx, {
        orderId: order.id,
        kind: 'placed',
        message: `Payment of ${formatPaise(incoming.amountPaise)} received by ${how} (${captured.providerPaymentId}). Order confirmed.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      await mail.send(tx, placed, 'order_paid', { paymentReference: captured.providerPaymentId! });
      return 'captured';
    }
    await refund(tx, order, {
      payment: captured,
      reason: 'Payment arrived after the order was cancelled',
      notes: { reason: 'order cancelled before payment arrived' },
      actor: PAYMENT,
      message: (r) =>
        `Payment of ${formatPaise(incoming.amountPaise)} arrived after the order was cancelled and was refunded in full (${r.providerRefundId}).`,
    });
    return 'unchanged';
  }

  return { restock, refund, cancel, capture };
}

export type OrderOperations = ReturnType<typeof createOrderOperations>;

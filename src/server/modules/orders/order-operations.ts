import { formatPaise } from '~/shared/money';
import { invoiceNumberOf, PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/shared/orders';
import type { Executor } from '../../db/client';
import type { InventoryService } from '../catalogue/inventory.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { ProviderPayment } from '../payments/provider';
import type { PaymentRow, PaymentsService, RefundOutcome } from '../payments/payments.service';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import {
  creditNoteLines,
  openLinesOf,
  refundOfLines,
  selectedLines,
  shippingCredited,
  statusFromShipments,
  unitsLeftOf,
  type Actor,
} from './order-rules';
import type { ErasedCustomerData } from './erased-customer-data';
import type { OrderTimeline } from './order-timeline';
import type { OrderMail } from './order-views';
import * as repo from './orders.repo';

/** Some of an order's lines: which line, and how many of it. */
export type LineSelection = readonly { itemId: string; quantity: number }[];

const PAYMENT: Actor = { role: 'payment', userId: null };

/** A cash-on-delivery refund asked for before anyone said where to send it. */
export const NO_REFUND_ACCOUNT =
  'The customer has not given a bank account for this refund yet. Record the account they give you under "Refund bank account" on the order\'s page, then refund.';

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
  timeline: OrderTimeline;
  /** What a refund that closes an erased customer's return removes (decision 55). */
  erased: Pick<ErasedCustomerData, 'afterRefund'>;
}) {
  const { inventory, coupons, payments, mail, timeline, erased } = deps;

  /** Puts the order's lines (all of them, or the chosen quantities) back into stock. */
  async function restock(tx: Executor, order: repo.OrderRow, lines?: LineSelection): Promise<void> {
    const items = await repo.itemsOf(tx, [order.id]);
    const back = lines
      ? selectedLines(items, lines).map(({ item, quantity }) => ({ productId: item.productId, quantity }))
      : // Lines a seller cancelled went back into stock then: only what is left goes back now.
        items
          .filter((i) => i.quantity > i.cancelledQuantity)
          .map((i) => ({ productId: i.productId, quantity: i.quantity - i.cancelledQuantity }));
    await inventory.restock(tx, back);
  }

  /**
   * Issues a GST credit note against the order's invoice for units taken off it after it was issued
   * (cancelled or returned), with the shipping charge when the whole rest of the order goes, and
   * writes it on the timeline. Orders that never had an invoice (never confirmed) get none.
   */
  async function creditNote(
    tx: Executor,
    order: repo.OrderRow,
    input: { lines: LineSelection; reason: string; actor: Actor; withShipping?: boolean },
  ): Promise<repo.CreditNoteRow | null> {
    if (order.status === 'pending_payment') return null;
    const items = await repo.itemsOf(tx, [order.id]);
    const lines = creditNoteLines(
      items,
      input.lines.filter((l) => l.quantity > 0),
    );
    const shippingPaise = input.withShipping ? order.shippingPaise : 0;
    if (lines.length === 0 && shippingPaise === 0) return null;
    const note = await repo.insertCreditNote(tx, {
      id: newId('crn'),
      orderId: order.id,
      invoiceNumber: invoiceNumberOf(order.orderNumber),
      reason: input.reason,
      lines,
      shippingPaise,
    });
    await timeline.add(tx, {
      orderId: order.id,
      kind: 'note',
      message: `Credit note ${note.number} of ${formatPaise(note.totalPaise)} issued against the invoice: ${input.reason}.`,
      actorRole: input.actor.role,
      actorUserId: input.actor.userId,
    });
    return note;
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
      /** The delivery charge goes back too (alone when no lines are given). */
      withShipping?: boolean;
      notes?: Record<string, string>;
      payment?: PaymentRow;
      kind?: 'refund' | 'refunded';
      message?: (outcome: RefundOutcome) => string;
    },
  ): Promise<RefundOutcome> {
    const payment = input.payment ?? (await payments.of(tx, order.id, { lock: true }));
    // The shop transfers cash-on-delivery refunds itself: to an account the customer gave, never to none.
    if (payment.provider === 'cod' && !repo.hasRefundAccount(order)) throw new AppError('CONFLICT', NO_REFUND_ACCOUNT);
    const amountPaise =
      input.lines || input.withShipping
        ? (input.lines ? refundOfLines(await repo.itemsOf(tx, [order.id]), input.lines) : 0) +
          (input.withShipping ? order.shippingPaise : 0)
        : undefined;
    const outcome = await payments.refund(tx, payment, { reason: input.reason, amountPaise, notes: input.notes });
    await timeline.add(tx, {
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
    await creditNote(tx, order, {
      lines: openLinesOf(await repo.itemsOf(tx, [order.id])),
      reason: `Order cancelled: ${input.reason}`,
      actor: input.actor,
      withShipping: true,
    });
    await restock(tx, order);
    await coupons.release(tx, order.id);
    const payment = await payments.of(tx, order.id, { lock: true });
    // Partly refunded already (a seller cancelled some items): the rest goes back.
    const paid =
      (payment.status === 'captured' || payment.status === 'partially_refunded') &&
      payment.providerPaymentId !== null &&
      payment.provider !== 'cod';
    if (!paid) await payments.cancelUnpaid(tx, payment);
    const cancelled = await repo.updateOrder(tx, order.id, {
      status: 'cancelled',
      cancelReason: input.reason,
      cancelledAt: new Date(),
      paymentDueAt: null,
    });
    await timeline.add(tx, {
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
          message: (r) => `Refund of ${formatPaise(r.amountPaise)} issued ${r.how}. Banks take ${r.takes} to show it.`,
        })
      : null;
    await mail.send(tx, cancelled, 'order_cancelled', {
      reason: input.reason,
      ...(refunded ? { refundPaise: refunded.amountPaise, refundTakes: refunded.takes } : {}),
    });
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
      // The order shows (and its invoice says) the method it was paid by, when the customer switched at the provider.
      const paidBy = captured.method !== order.paymentMethod ? { paymentMethod: captured.method as PaymentMethod } : {};
      const placed = await repo.updateOrder(tx, order.id, { status: 'placed', paymentDueAt: null, ...paidBy });
      await timeline.add(tx, {
        orderId: order.id,
        kind: 'placed',
        message: `Payment of ${formatPaise(incoming.amountPaise)} received by ${how} (${captured.providerPaymentId}). Order confirmed.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      await mail.sendWithSellers(tx, placed, 'order_paid', { paymentReference: captured.providerPaymentId! }, 'new_order');
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

  /**
   * Cancels some lines of a confirmed order before they ship (a seller cannot supply them): their
   * stock back, the cancelled quantities on the lines, and the customer's money for them — refunded
   * through the provider, or, for cash on delivery not collected yet, simply not collected. When no
   * line is left the whole order is cancelled (the coupon released, the rest refunded).
   */
  async function cancelLines(
    tx: Executor,
    order: repo.OrderRow,
    input: { lines: LineSelection; reason: string; actor: Actor; sellerName: string },
  ): Promise<repo.OrderRow> {
    const items = await repo.itemsOf(tx, [order.id]);
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
    await creditNote(tx, order, {
      lines: input.lines,
      reason: `Items cancelled by ${input.sellerName}: ${input.reason}`,
      actor: input.actor,
      withShipping: nothingLeft,
    });
    await restock(tx, order, input.lines);
    await repo.addCancelled(tx, input.lines);
    const after = await repo.itemsOf(tx, [order.id]);
    const payment = await payments.of(tx, order.id, { lock: true });
    const paidOnline = payment.provider !== 'cod' && (payment.status === 'captured' || payment.status === 'partially_refunded');
    const count = input.lines.reduce((n, l) => n + l.quantity, 0);
    const what = `${input.sellerName} cancelled ${count} item${count === 1 ? '' : 's'}: ${input.reason}.`;

    if (after.every((i) => i.cancelledQuantity >= i.quantity)) {
      await coupons.release(tx, order.id);
      if (!paidOnline) await payments.cancelUnpaid(tx, payment);
      const cancelled = await repo.updateOrder(tx, order.id, { status: 'cancelled', cancelReason: input.reason, cancelledAt: new Date() });
      await timeline.add(tx, {
        orderId: order.id,
        kind: 'cancelled',
        message: `${what} Nothing is left of the order, so it is cancelled.`,
        actorRole: input.actor.role,
        actorUserId: input.actor.userId,
      });
      const refunded = paidOnline
        ? await refund(tx, cancelled, {
            payment,
            reason: 'Order cancelled by the seller',
            notes: { order: order.orderNumber },
            actor: PAYMENT,
          })
        : null;
      await mail.send(tx, cancelled, 'order_cancelled', {
        reason: input.reason,
        ...(refunded ? { refundPaise: refunded.amountPaise, refundTakes: refunded.takes } : {}),
      });
      return cancelled;
    }

    if (paidOnline) {
      await refund(tx, order, {
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
      await timeline.add(tx, {
        orderId: order.id,
        kind: 'note',
        message: `${what} ${formatPaise(less)} less will be collected on delivery.`,
        actorRole: input.actor.role,
        actorUserId: input.actor.userId,
      });
    }
    // A seller whose lines are all cancelled no longer holds the order back.
    const next = statusFromShipments(after, await repo.shipmentsOf(tx, order.id));
    if (!next || next === order.status) return order;
    if (next === 'delivered') {
      // Every other seller had delivered already: the order is complete now.
      const now = new Date();
      await payments.collectCash(tx, await payments.of(tx, order.id, { lock: true }), now);
      return repo.updateOrder(tx, order.id, { status: 'delivered', deliveredAt: now });
    }
    return repo.updateOrder(tx, order.id, { status: next });
  }

  /**
   * Refunds chosen units of lines that have shipped, and/or the delivery charge (the caller checked
   * they may be): a credit note for them, their price after their coupon share back through the
   * provider — or, for cash on delivery, recorded as the bank transfer the shop made, with its UTR —
   * on the timeline, and the customer's e-mail with the amount, the items and when the money
   * arrives. Once every unit of the order has been refunded (or cancelled) the order is `refunded`,
   * as "Refund in full" leaves it, whether the delivery charge went back too or not (decision 53).
   */
  async function refundLines(
    tx: Executor,
    order: repo.OrderRow,
    input: { payment: PaymentRow; lines: LineSelection; withShipping?: boolean; reason: string; bankReference?: string; actor: Actor },
  ): Promise<{ note: repo.CreditNoteRow | null; refund: RefundOutcome; order: repo.OrderRow }> {
    const byTransfer = input.payment.provider === 'cod';
    const withShipping = input.withShipping === true;
    const reference = byTransfer ? ` (bank transfer ${input.bankReference})` : '';
    const note = await creditNote(tx, order, {
      lines: input.lines,
      reason: `Refund: ${input.reason}`,
      actor: input.actor,
      withShipping,
    });
    const items = await repo.itemsOf(tx, [order.id]);
    const notes = await repo.creditNotesOf(tx, order.id);
    const everyUnit = unitsLeftOf(items, notes) === 0;
    const deliveryKept = everyUnit && order.shippingPaise > 0 && !shippingCredited(notes);
    const delivery = withShipping ? order.shippingPaise : 0;
    const what =
      input.lines.length === 0
        ? ' for the delivery charge'
        : withShipping
          ? `, the delivery charge of ${formatPaise(delivery)} included,`
          : '';
    const after = everyUnit
      ? deliveryKept
        ? ` Every item of the order has been refunded; the delivery charge of ${formatPaise(order.shippingPaise)} was not.`
        : ' Everything paid for the order has been refunded.'
      : '';
    const outcome = await refund(tx, order, {
      payment: input.payment,
      lines: input.lines,
      withShipping,
      reason: `${input.reason}${reference}`,
      notes: { order: order.orderNumber, reason: withShipping ? 'partial refund with the delivery charge' : 'partial refund' },
      actor: input.actor,
      kind: after ? 'refunded' : 'refund',
      message: (r) => `Refund of ${formatPaise(r.amountPaise)}${what} issued ${r.how}${reference}: ${input.reason}.${after}`,
    });
    let updated = order;
    if (everyUnit && order.status !== 'refunded') {
      updated = await repo.updateOrder(tx, order.id, { status: 'refunded' });
      for (const r of await repo.shipmentsOf(tx, order.id)) {
        if (r.status !== 'refunded') await repo.updateShipment(tx, order.id, r.vendorId, { status: 'refunded', refundedAt: new Date() });
      }
    }
    await mail.send(tx, updated, 'order_partly_refunded', {
      refundPaise: outcome.amountPaise,
      refundedItems: selectedLines(items, input.lines).map(({ item, quantity }) => ({
        name: item.name,
        quantity,
        amountPaise: refundOfLines(items, [{ itemId: item.id, quantity }]),
      })),
      ...(withShipping ? { deliveryPaise: delivery } : {}),
      ...(everyUnit ? { allRefunded: deliveryKept ? ('items' as const) : ('order' as const) } : {}),
      ...(deliveryKept ? { deliveryKeptPaise: order.shippingPaise } : {}),
      reason: input.reason,
      method: byTransfer ? 'bank_transfer' : 'provider',
      how: outcome.how,
      takes: outcome.takes,
      ...(byTransfer ? { reference: input.bankReference } : outcome.providerRefundId ? { reference: outcome.providerRefundId } : {}),
    });
    return { note, refund: outcome, order: await erased.afterRefund(tx, updated) };
  }

  return { restock, refund, refundLines, cancel, capture, cancelLines, creditNote };
}

export type OrderOperations = ReturnType<typeof createOrderOperations>;

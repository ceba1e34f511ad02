import { formatPaise } from '~/shared/money';
import { CUSTOMER_CANCELLABLE, invoiceNumberOf, type OrderStatus } from '~/shared/orders';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { Sealer } from '../../lib/sealed';
import type { ErasedCustomerData } from './erased-customer-data';
import { creditNoteLines, lockedOrder, refundAccountProblem, type Actor } from './order-rules';
import type { OrderTimeline } from './order-timeline';
import { orderDetail, type OrderMail, type OrderViewDeps } from './order-views';
import * as repo from './orders.repo';

export type { Actor } from './order-rules';
export type OrderRow = repo.OrderRow;
export type OrderItemRow = repo.ItemWithImage;
export type ShipmentRow = repo.ShipmentRow;
export type CreditNoteRow = repo.CreditNoteRow;

/** Some of an order's lines: which line, and how many of it. */
export type LineSelection = readonly { itemId: string; quantity: number }[];

/** A cash-on-delivery refund asked for before anyone said where to send it. */
export const NO_REFUND_ACCOUNT =
  'The customer has not given a bank account for this refund yet. Record the account they give you under "Refund bank account" on the order\'s page, then refund.';

/**
 * The orders' own steps of the operations that write several modules (the flows of src/server/flows,
 * decision 62): the order's row locked and read, and the writes of the orders' own tables — its status,
 * lines' cancelled quantities, timeline, credit notes and e-mails — each in the flow's transaction (`tx`).
 * Payments, coupons, stock, shipments and the vendor ledger are the flows' to call.
 */
export function createOrderSteps(deps: {
  payments: OrderViewDeps['payments'];
  sealer: Sealer;
  mail: OrderMail;
  timeline: OrderTimeline;
  /** What a refund that closes an erased customer's return removes (decision 55). */
  erased: Pick<ErasedCustomerData, 'afterRefund'>;
}) {
  const { payments, sealer, mail, timeline, erased } = deps;

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

  return {
    /** The order with its row locked; NOT_FOUND for another customer's (pass no userId for the shop). */
    locked: (tx: Executor, orderId: string, userId?: string) => lockedOrder(tx, orderId, userId),
    /** The order without a lock, or undefined. */
    find: (tx: Executor, orderId: string) => repo.findOrder(tx, orderId),
    items: (tx: Executor, orderId: string) => repo.itemsOf(tx, [orderId]),
    creditNotes: (tx: Executor, orderId: string) => repo.creditNotesOf(tx, orderId),
    hasRefundAccount: (order: repo.OrderRow) => repo.hasRefundAccount(order),
    /** The order as its customer sees it, read in the transaction. */
    detail: (tx: Executor, order: repo.OrderRow): Promise<OrderDetail> => orderDetail({ payments, sealer }, tx, order),
    /** Unpaid orders whose time to pay has run out, claimed with SKIP LOCKED (several workers never take the same). */
    claimOverdue: (tx: Executor, now: Date, limit: number) => repo.claimOverdueOrders(tx, now, limit),

    /** The customer may cancel only before anything ships: CONFLICT saying why not. */
    async checkCustomerCancel(tx: Executor, order: repo.OrderRow): Promise<void> {
      const status = order.status as OrderStatus;
      if (status === 'cancelled') throw new AppError('CONFLICT', 'This order has been cancelled already.');
      const shipped = (await repo.shipmentsOf(tx, order.id)).length > 0;
      if (!CUSTOMER_CANCELLABLE.includes(status) || shipped) {
        throw new AppError(
          'CONFLICT',
          status === 'shipped' || shipped
            ? 'This order has shipped and can no longer be cancelled. You can ask for a return once it is delivered.'
            : `An order that is ${status.replace('_', ' ')} cannot be cancelled.`,
        );
      }
    },

    /** Writes the order's row (status, dates, the method it was paid by). */
    update: (tx: Executor, orderId: string, values: Parameters<typeof repo.updateOrder>[2]) => repo.updateOrder(tx, orderId, values),
    /** Adds the chosen quantities to the lines' cancelled quantities. */
    addCancelled: (tx: Executor, lines: LineSelection) => repo.addCancelled(tx, lines),
    /** An entry on the timeline as it is (a step that writes its own audit entry, as packing does). */
    event: (tx: Executor, values: repo.EventValues) => repo.addEvent(tx, values),
    /** An entry on the timeline by the payment provider (only the customer and the shop see it; no audit entry). */
    paymentEvent: (tx: Executor, orderId: string, kind: string, message: string) =>
      repo.addEvent(tx, { orderId, kind, message, actorRole: 'payment', actorUserId: null }),
    /** The order's timeline; an admin's or a vendor's step is an audit entry too. */
    timeline,
    /** The order's e-mails, to the outbox in the transaction. */
    mail,
    creditNote,
    /** What a refund that closes an erased customer's return removes (decision 55). */
    afterRefund: (tx: Executor, order: repo.OrderRow) => erased.afterRefund(tx, order),

    /**
     * Once every item of a cash-on-delivery return is back and checked, the shop can transfer the
     * refund: a customer who has not said where to is reminded by e-mail (decision 46's bank transfer).
     */
    async askForRefundAccount(tx: Executor, order: repo.OrderRow): Promise<void> {
      if (order.status !== 'returned' || order.paymentMethod !== 'cod' || repo.hasRefundAccount(order)) return;
      const payment = await payments.of(tx, order.id);
      if (refundAccountProblem(order, payment) !== null) return;
      await mail.send(tx, order, 'order_refund_account_needed', { refundPaise: payment.amountPaise - payment.amountRefundedPaise });
    },
  };
}

export type OrderSteps = ReturnType<typeof createOrderSteps>;

import { CUSTOMER_CANCELLABLE, type OrderStatus } from '~/shared/orders';
import type { FullBankAccount } from '~/shared/schemas/bank-account';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed';
import { lockedOrder } from './order-rules';
import type { OrderTimeline } from './order-timeline';
import { orderDetail, type OrderMail, type OrderViewDeps } from './order-views';
import { ordersHoldingReturnData } from './orders-of-user.repo';
import * as repo from './orders.repo';

export type { Actor, CreditNoteRecord } from './order-rules';
export type OrderRow = repo.OrderRow;
export type OrderItemRow = repo.ItemWithImage;
export type ShipmentRow = repo.ShipmentRow;

/** Some of an order's lines: which line, and how many of it. */
export type LineSelection = readonly { itemId: string; quantity: number }[];

/** A cash-on-delivery refund asked for before anyone said where to send it. */
export const NO_REFUND_ACCOUNT =
  'The customer has not given a bank account for this refund yet. Record the account they give you under "Refund bank account" on the order\'s page, then refund.';

/**
 * The orders' own steps of the operations that write several modules (the flows of src/server/flows,
 * decision 62): the order's row locked and read, and the writes of the orders' own tables — its status,
 * lines' cancelled quantities, refund account, timeline and e-mails — each in the flow's transaction (`tx`).
 * Payments, coupons, stock, shipments (the fulfilment module's), the vendor ledger and the credit notes (the
 * returns module's) are the flows' to call; the returns module writes the order through these steps too.
 */
export function createOrderSteps(deps: {
  payments: OrderViewDeps['payments'];
  returns: OrderViewDeps['returns'];
  sealer: Sealer;
  einvoices?: OrderViewDeps['einvoices'];
  mail: OrderMail;
  timeline: OrderTimeline;
}) {
  const { payments, returns, sealer, einvoices, mail, timeline } = deps;

  return {
    /** The order with its row locked; NOT_FOUND for another customer's (pass no userId for the shop). */
    locked: (tx: Executor, orderId: string, userId?: string) => lockedOrder(tx, orderId, userId),
    /** The order without a lock, or undefined. */
    find: (tx: Executor, orderId: string) => repo.findOrder(tx, orderId),
    items: (tx: Executor, orderId: string) => repo.itemsOf(tx, [orderId]),
    hasRefundAccount: (order: repo.OrderRow) => repo.hasRefundAccount(order),
    /** The bank account the customer gave for a cash-on-delivery refund, opened; null when none. */
    refundAccount: (order: repo.OrderRow): FullBankAccount | null => repo.refundAccountOf(sealer, order),
    /** Writes (sealed, decision 52) or removes (null) the order's refund bank account. */
    setRefundAccount: (tx: Executor, orderId: string, account: FullBankAccount | null) =>
      repo.updateOrder(tx, orderId, repo.refundAccountValues(sealer, orderId, account)),
    /**
     * The customer's orders that hold a refund bank account, or are among `withPhotos` (those with
     * return photos), locked for the erasure's transaction, oldest first.
     */
    holdingReturnData: (tx: Executor, userId: string, withPhotos: readonly string[]) => ordersHoldingReturnData(tx, userId, withPhotos),
    /** The order as its customer sees it, read in the transaction. */
    detail: (tx: Executor, order: repo.OrderRow): Promise<OrderDetail> => orderDetail({ payments, returns, sealer, einvoices }, tx, order),
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
  };
}

export type OrderSteps = ReturnType<typeof createOrderSteps>;

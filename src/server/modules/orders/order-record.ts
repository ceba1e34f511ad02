import type { OrderDetail } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema/orders';
import type { Sealer } from '../../lib/sealed';
import type { PaymentsService } from '../payments/payments.service';
import { mailAddressOf, orderDetail, type OrderMail, type OrderParts, type OrderViewDeps } from './order-views';
import * as repo from './orders.repo';

export type { AddressSnapshot };
/** A new order's row and its lines, as the checkout drafts them. */
export type NewOrder = Parameters<typeof repo.insertOrder>[1];
export type NewOrderLine = Parameters<typeof repo.insertOrderItems>[1][number];
export type OrderRow = repo.OrderRow;
export type OrderLineWithPicture = repo.ItemWithImage;
export type { OrderParts };

/** The placed order's first timeline entry and e-mails. */
export interface PlacedNotice {
  event: { kind: 'pending_payment' | 'placed'; message: string; actorUserId: string };
  /** What the `order_placed` e-mail says besides the order's figures and address: how it is paid. */
  placed: { paymentMethod: string; payOnDelivery: boolean };
  /** The lines as written, with the pictures they were sold with. */
  items: OrderLineWithPicture[];
  customer: { name: string; email: string };
  /** Confirmed at once (cash on delivery): the sellers are told to pack. An online order waits for its payment. */
  confirmed: boolean;
}

/**
 * What the orders publish for placing an order (the flow `place-order` writes with it, the checkout
 * reads with it): the customer's lock, an idempotency key's earlier order, the count of unpaid
 * orders, and the new order's rows, its first timeline entry and its e-mails, in the caller's
 * transaction.
 */
export function createOrderRecord(deps: {
  payments: Pick<PaymentsService, 'of' | 'refundsOf'>;
  returns: OrderViewDeps['returns'];
  sealer: Sealer;
  einvoices?: OrderViewDeps['einvoices'];
  mail: OrderMail;
}) {
  const { mail } = deps;
  const views = { payments: deps.payments, returns: deps.returns, sealer: deps.sealer, einvoices: deps.einvoices };
  return {
    /** Serialises one customer's checkouts (an advisory lock to the transaction's end). */
    lockCustomer: (tx: Executor, userId: string) => repo.lockCustomerOrders(tx, userId),
    /** The order this customer placed with this idempotency key, if any. */
    byKey: (tx: Executor, userId: string, key: string) => repo.findOrderByKey(tx, userId, key),
    /** How many of the customer's orders wait for their payment. */
    countAwaitingPayment: (tx: Executor, userId: string) => repo.countAwaitingPayment(tx, userId),

    /** Writes a new order and its lines. */
    async insert(tx: Executor, order: NewOrder, lines: NewOrderLine[]): Promise<{ row: repo.OrderRow; lines: repo.OrderItemRow[] }> {
      const row = await repo.insertOrder(tx, order);
      return { row, lines: await repo.insertOrderItems(tx, lines) };
    },

    /** The new order's first timeline entry and its e-mails (to the customer; to the sellers when confirmed at once). */
    async announce(tx: Executor, row: repo.OrderRow, notice: PlacedNotice): Promise<repo.EventRow> {
      const event = await repo.addEvent(tx, { orderId: row.id, ...notice.event, actorRole: 'customer' });
      const known = { items: notice.items, customer: notice.customer };
      const placed = { address: mailAddressOf(row.address), ...notice.placed };
      if (notice.confirmed) await mail.sendWithSellers(tx, row, 'order_placed', placed, 'new_order', known);
      else await mail.send(tx, row, 'order_placed', placed, known);
      return event;
    },

    /** The order as its customer reads it (what is already known is not read again). */
    detail: (tx: Executor, row: repo.OrderRow, now?: Date, known?: Partial<OrderParts>): Promise<OrderDetail> =>
      orderDetail(views, tx, row, now, known),
  };
}

export type OrderRecord = ReturnType<typeof createOrderRecord>;

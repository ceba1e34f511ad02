import type { Database, Executor } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema/orders';
import type { PaymentsService } from '../payments/payments.service';
import * as repo from './orders-of-user.repo';

/** Payment statuses that mean money was taken at some point (the invoice was issued). */
const EVER_PAID = new Set(['captured', 'refunded', 'partially_refunded']);

/** What an erased account's orders without an issued invoice keep of the delivery address. */
const ERASED_ADDRESS: AddressSnapshot = {
  fullName: 'Deleted customer',
  mobile: '',
  line1: 'Removed at the customer’s request',
  line2: null,
  city: '',
  state: '',
  pinCode: '',
};

/**
 * The orders module's answers about one person: what a customer has ordered (the admin's user page,
 * the customer's data export), what erasing the account may remove, and a seller's open orders.
 */
export function createOrdersOfUser(deps: { db: Database; payments?: Pick<PaymentsService, 'statusesOf'> }) {
  const { db, payments } = deps;
  return {
    /** The latest `limit` orders, newest first, and the count of all. */
    async recent(userId: string, limit = 20) {
      const { rows, total } = await repo.ordersOfUser(db, userId, limit);
      return { total, recent: rows.map((r) => ({ ...r, orderDate: r.orderDate.toISOString() })) };
    },

    /** Every order of the customer with its lines, for the customer's own data export. */
    async exportOf(userId: string) {
      const rows = await repo.allOrdersOfUser(db, userId);
      const lines = await repo.linesOfOrders(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        ...r,
        orderDate: r.orderDate.toISOString(),
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
        lines: lines.filter((l) => l.orderId === r.id).map(({ orderId: _orderId, ...line }) => line),
      }));
    },

    /**
     * For an account being erased (in the caller's transaction): the delivery address is removed from
     * every order that has no issued invoice (never confirmed, or cancelled before any payment or credit
     * note). An issued invoice keeps it: GST law wants the invoice as issued for six years (decision 26).
     */
    async forgetDeliveryAddresses(tx: Executor, userId: string) {
      const rows = await repo.ordersForErasure(tx, userId);
      const statuses = payments ? await payments.statusesOf(rows.map((r) => r.id)) : new Map<string, string>();
      const invoiced = (r: (typeof rows)[number]) =>
        r.status !== 'pending_payment' && (r.status !== 'cancelled' || r.hasCreditNotes || EVER_PAID.has(statuses.get(r.id) ?? ''));
      const forget = rows.filter((r) => !invoiced(r)).map((r) => r.id);
      await repo.replaceAddresses(tx, forget, ERASED_ADDRESS);
      return { orders: rows.length, addressesKept: rows.length - forget.length, addressesRemoved: forget.length };
    },

    /** How many orders holding the vendor's items are still open (to ship, deliver or take back). */
    openOrdersOfVendor(vendorId: string): Promise<number> {
      return repo.openOrdersOfVendor(db, vendorId);
    },
  };
}

export type OrdersOfUser = ReturnType<typeof createOrdersOfUser>;

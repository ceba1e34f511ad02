import type { Database } from '../../db/client';
import { ordersOfUser } from './orders-of-user.repo';

/** The orders module's answer to "what has this customer ordered?", for the admin's user page. */
export function createOrdersOfUser(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** The latest `limit` orders, newest first, and the count of all. */
    async recent(userId: string, limit = 20) {
      const { rows, total } = await ordersOfUser(db, userId, limit);
      return { total, recent: rows.map((r) => ({ ...r, orderDate: r.orderDate.toISOString() })) };
    },
  };
}

export type OrdersOfUser = ReturnType<typeof createOrdersOfUser>;

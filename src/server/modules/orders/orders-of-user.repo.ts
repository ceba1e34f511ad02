import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';

/** A customer's latest orders (orders_user_date_idx) and how many it placed in all. */
export async function ordersOfUser(db: Executor, userId: string, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        orderDate: orders.orderDate,
        totalPaise: orders.totalPaise,
        paymentMethod: orders.paymentMethod,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(limit),
    db.select({ value: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

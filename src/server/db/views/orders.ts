import { pgView } from 'drizzle-orm/pg-core';
import { orders } from '../schema/orders';

/** Published by the orders module: an order's number, customer and status, for lists of other modules (payments). */
export const orderDirectory = pgView('order_directory').as((qb) =>
  qb
    .select({ id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId, status: orders.status, orderDate: orders.orderDate })
    .from(orders),
);

import { pgView } from 'drizzle-orm/pg-core';
import { orderItems, orders } from '../schema/orders';

/** Published by the orders module: an order's number, customer and status, for lists of other modules (payments). */
export const orderDirectory = pgView('order_directory').as((qb) =>
  qb
    .select({ id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId, status: orders.status, orderDate: orders.orderDate })
    .from(orders),
);

/**
 * Published by the orders module: an order line's price as ordered — its units, its total before the
 * coupon and its share of the coupon — for the payouts module to tell a seller what the coupon took
 * off a ledger line (decision 49).
 */
export const orderLineDirectory = pgView('order_line_directory').as((qb) =>
  qb
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      vendorId: orderItems.vendorId,
      quantity: orderItems.quantity,
      lineTotalPaise: orderItems.lineTotalPaise,
      discountPaise: orderItems.discountPaise,
    })
    .from(orderItems),
);

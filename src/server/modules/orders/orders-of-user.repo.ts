import { and, asc, count, desc, eq, exists, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders, type AddressSnapshot } from '../../db/schema/orders';
import { creditNoteDirectory } from '../../db/views/returns';

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

/** Every order of the customer, newest first, with its delivery address and totals (the data export). */
export async function allOrdersOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      orderDate: orders.orderDate,
      paymentMethod: orders.paymentMethod,
      deliveryOption: orders.deliveryOption,
      address: orders.address,
      subtotalPaise: orders.subtotalPaise,
      discountPaise: orders.discountPaise,
      shippingPaise: orders.shippingPaise,
      gstPaise: orders.gstPaise,
      totalPaise: orders.totalPaise,
      couponCode: orders.couponCode,
      cancelReason: orders.cancelReason,
      returnReason: orders.returnReason,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.id));
}

export async function linesOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: orderItems.name,
      brand: orderItems.brand,
      quantity: orderItems.quantity,
      cancelledQuantity: orderItems.cancelledQuantity,
      unitPricePaise: orderItems.unitPricePaise,
      lineTotalPaise: orderItems.lineTotalPaise,
      sellerName: orderItems.sellerName,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

/** The customer's orders with their status and whether a credit note was issued on them (erasure decides per order). */
export async function ordersForErasure(tx: Executor, userId: string) {
  return tx
    .select({
      id: orders.id,
      status: orders.status,
      hasCreditNotes: exists(
        tx
          .select({ one: sql`1` })
          .from(creditNoteDirectory)
          .where(eq(creditNoteDirectory.orderId, orders.id)),
      ),
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .for('update', { of: orders });
}

/**
 * The customer's orders that hold a refund bank account (sealed: a plain one is sealed when a process
 * starts, decision 52) or return photos (`withPhotos`: the returns module's answer), locked for the
 * erasure's transaction (orders_user_date_idx).
 */
export async function ordersHoldingReturnData(tx: Executor, userId: string, withPhotos: readonly string[]) {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        withPhotos.length === 0
          ? isNotNull(orders.refundAccountSealed)
          : or(isNotNull(orders.refundAccountSealed), inArray(orders.id, [...withPhotos])),
      ),
    )
    .orderBy(asc(orders.orderDate), asc(orders.id))
    .for('update', { of: orders });
}

export async function replaceAddresses(tx: Executor, orderIds: string[], address: AddressSnapshot) {
  if (orderIds.length === 0) return;
  await tx.update(orders).set({ address, updatedAt: new Date() }).where(inArray(orders.id, orderIds));
}

/** Statuses in which a seller still has work on an order (to ship, to deliver, a return to settle). */
const OPEN_FOR_SELLER = ['placed', 'processing', 'partly_shipped', 'shipped', 'partly_delivered', 'return_requested'];

/** How many orders with the vendor's items are still open. */
export async function openOrdersOfVendor(db: Executor, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(distinct ${orders.id})::int` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orderItems.vendorId, vendorId), inArray(orders.status, OPEN_FOR_SELLER)));
  return row?.value ?? 0;
}

import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { productImages } from '../../db/schema/catalogue';
import {
  couponRedemptions,
  coupons,
  orderEvents,
  orderItems,
  orders,
  paymentWebhookEvents,
  payments,
  refunds,
  shipments,
} from '../../db/schema/orders';
import { vendors } from '../../db/schema/vendors';

/** A transaction or the database itself. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type EventValues = Omit<typeof orderEvents.$inferInsert, 'id' | 'createdAt'>;

// ---------- products ----------

/** A product as checkout needs it: its price, stock and seller, whether or not it is on sale. */
export type ProductForOrder = {
  id: string;
  name: string;
  brand: string;
  category: string;
  hsn_code: string;
  price_paise: number;
  mrp_paise: number;
  stock: number;
  on_sale: boolean;
  vendor_id: string;
  seller_name: string;
  seller_state: string;
  seller_gstin: string | null;
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
};

export async function productsForOrder(db: Executor, ids: string[]): Promise<ProductForOrder[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<ProductForOrder>(sql`
    select p.id, p.name, p.brand, p.category, p.hsn_code, p.price_paise, p.mrp_paise, p.stock,
           (p.status = 'active' and p.vendor_active) as on_sale,
           p.vendor_id, v.business_name as seller_name, v.pickup_state as seller_state, v.gstin as seller_gstin,
           i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height
      from products p
      join vendors v on v.id = p.vendor_id
      left join lateral (select id, alt, width, height from product_images where product_id = p.id order by position limit 1) i on true
     where p.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  return rows;
}

/**
 * Takes `quantity` from the stock of a product on sale, only if that much is left and it still costs
 * `pricePaise`: the row lock and the re-checked condition make concurrent checkouts queue on the row
 * and never oversell. False when it could not be taken.
 */
export async function takeStock(db: Executor, productId: string, quantity: number, pricePaise: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update products set stock = stock - ${quantity}, sold_count = sold_count + ${quantity}, updated_at = now()
     where id = ${productId} and stock >= ${quantity} and price_paise = ${pricePaise} and status = 'active' and vendor_active
    returning id`);
  return rows.length === 1;
}

export async function returnStock(db: Executor, orderId: string): Promise<void> {
  await db.execute(sql`
    update products p set stock = p.stock + q.quantity, sold_count = greatest(0, p.sold_count - q.quantity), updated_at = now()
      from (select product_id, sum(quantity)::int as quantity from order_items where order_id = ${orderId} group by product_id) q
     where p.id = q.product_id`);
}

// ---------- coupons ----------

export async function findCoupon(db: Executor, code: string, forUpdate = false): Promise<CouponRow | undefined> {
  const query = db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function customerRedemptions(db: Executor, code: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponCode, code), eq(couponRedemptions.userId, userId)));
  return row?.n ?? 0;
}

/** Counts one use of a coupon if uses are left; false when it has been fully used meanwhile. */
export async function redeemCoupon(db: Executor, code: string, orderId: string, userId: string): Promise<boolean> {
  const counted = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.code, code), sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`))
    .returning({ code: coupons.code });
  if (counted.length === 0) return false;
  await db.insert(couponRedemptions).values({ couponCode: code, orderId, userId });
  return true;
}

/** Gives a cancelled order's coupon back (its use no longer counts). */
export async function releaseCoupon(db: Executor, orderId: string): Promise<void> {
  const released = await db
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ code: couponRedemptions.couponCode });
  for (const { code } of released) {
    await db
      .update(coupons)
      .set({ usedCount: sql`greatest(0, ${coupons.usedCount} - 1)` })
      .where(eq(coupons.code, code));
  }
}

/** Coupons a customer may try now: active, started, not expired, not used up. */
export async function availableCoupons(db: Executor, now: Date): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.active, true),
        sql`${coupons.startsAt} <= ${now}`,
        sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} > ${now})`,
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .orderBy(asc(coupons.minOrderPaise), asc(coupons.code));
}

// ---------- orders ----------

/**
 * One customer's orders are placed one at a time (until the transaction ends): a repeated
 * idempotency key then finds the first order, and per-customer limits count exactly.
 */
export async function lockCustomerOrders(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`orders:${userId}`}, 0))`);
}

export async function countAwaitingPayment(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment')));
  return row?.n ?? 0;
}

export async function findOrderByKey(db: Executor, userId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderItems(db: Executor, values: (typeof orderItems.$inferInsert)[]): Promise<void> {
  await db.insert(orderItems).values(values);
}

export async function findOrder(
  db: Executor,
  orderId: string,
  options: { userId?: string; forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  const where = options.userId ? and(eq(orders.id, orderId), eq(orders.userId, options.userId)) : eq(orders.id, orderId);
  const query = db.select().from(orders).where(where).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateOrder(db: Executor, orderId: string, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

export async function addEvent(db: Executor, values: EventValues): Promise<void> {
  await db.insert(orderEvents).values(values);
}

export async function listOrders(db: Executor, userId: string, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const rows = await db
    .select({ order: orders, payment: { status: payments.status } })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: total?.n ?? 0, rows };
}

export interface ItemWithImage extends OrderItemRow {
  image: { id: string; alt: string; width: number; height: number } | null;
}

export async function itemsOf(db: Executor, orderIds: string[]): Promise<ItemWithImage[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      item: orderItems,
      image: { id: productImages.id, alt: productImages.alt, width: productImages.width, height: productImages.height },
    })
    .from(orderItems)
    .leftJoin(productImages, eq(productImages.id, orderItems.imageId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  return rows.map((r) => ({ ...r.item, image: r.image?.id ? r.image : null }));
}

export async function paymentOf(db: Executor, orderId: string, forUpdate = false): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function paymentByProviderOrder(db: Executor, providerOrderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)).limit(1);
  return row;
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values);
}

export async function updatePayment(db: Executor, paymentId: string, values: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, paymentId))
    .returning();
  return row!;
}

export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert): Promise<void> {
  await db.insert(refunds).values(values);
}

export async function markRefundProcessed(db: Executor, providerRefundId: string, status: 'processed' | 'failed'): Promise<void> {
  await db.update(refunds).set({ status }).where(eq(refunds.providerRefundId, providerRefundId));
}

export async function detailParts(db: Executor, orderId: string) {
  const [customer] = await db
    .select({ name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  const [refundRows, shipmentRows, events] = [
    await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt)),
    await db
      .select({ shipment: shipments, sellerName: vendors.businessName })
      .from(shipments)
      .innerJoin(vendors, eq(vendors.id, shipments.vendorId))
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipments.shippedAt)),
    await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ];
  return { customer: customer!, refunds: refundRows, shipments: shipmentRows, events };
}

export async function insertShipment(db: Executor, values: typeof shipments.$inferInsert): Promise<void> {
  await db.insert(shipments).values(values);
}

export async function shipmentsOf(db: Executor, orderId: string) {
  return db.select().from(shipments).where(eq(shipments.orderId, orderId));
}

export async function deliverShipments(db: Executor, orderId: string, at: Date): Promise<void> {
  await db
    .update(shipments)
    .set({ status: 'delivered', deliveredAt: at })
    .where(and(eq(shipments.orderId, orderId), eq(shipments.status, 'shipped')));
}

/** Unpaid orders past their payment time, locked for this worker (others skip them). */
export async function claimOverdueOrders(db: Executor, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), sql`${orders.paymentDueAt} <= ${now}`))
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Records a webhook event id; false when it was recorded before (a repeated delivery). */
export async function recordWebhookEvent(db: Executor, eventId: string, event: string): Promise<boolean> {
  const rows = await db
    .insert(paymentWebhookEvents)
    .values({ eventId, event })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.eventId });
  return rows.length === 1;
}

import { and, asc, count, desc, eq, getViewSelectedFields, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FullBankAccount } from '~/shared/schemas/bank-account';
import { parseSort } from '~/shared/schemas/common';
import type { VendorOrderTodo, VendorOrdersQuery } from '~/shared/schemas/vendor-orders';
import { textArray } from '../../db/array-literal';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { packedUnitDirectory, packingDirectory, shipmentDirectory } from '../../db/views/fulfilment';
import { accountDirectory } from '../../db/views/auth';
import { productImageDirectory } from '../../db/views/media';
import { sellerDirectory } from '../../db/views/vendors';
import type { Sealer } from '../../lib/sealed';
import { openBankAccount, sealBankAccount, sealedAccountContext } from '../../lib/sealed-bank-account';
import { escapeLike } from '../../lib/sql-text';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** A seller's parcel of an order, as the fulfilment module publishes it. */
export type ShipmentRow = typeof shipmentDirectory.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;
export type EventValues = Omit<typeof orderEvents.$inferInsert, 'id' | 'createdAt'>;

/** Whether the customer has given an account for the refund of a cash-on-delivery order (without opening it). */
export const hasRefundAccount = (order: OrderRow): boolean => order.refundAccountSealed !== null;

/** The account the customer gave for the refund, opened; null when none. */
export const refundAccountOf = (sealer: Sealer, order: OrderRow): FullBankAccount | null =>
  openBankAccount(sealer, order.refundAccountSealed, sealedAccountContext.order(order.id));

/** The column `updateOrder` writes for a refund account: sealed (decision 52). */
export const refundAccountValues = (sealer: Sealer, orderId: string, account: FullBankAccount | null) => ({
  refundAccountSealed: sealBankAccount(sealer, account, sealedAccountContext.order(orderId)),
});

/**
 * One customer's orders are placed one at a time (until the transaction ends): a repeated
 * idempotency key then finds the first order, and per-customer limits count exactly.
 */
export async function lockCustomerOrders(db: Executor, userId: string): Promise<void> {
  await db.execute(prepared('lock-customer-orders', sql`select pg_advisory_xact_lock(hashtextextended(${`orders:${userId}`}, 0))`));
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

export async function insertOrderItems(db: Executor, values: (typeof orderItems.$inferInsert)[]): Promise<OrderItemRow[]> {
  return db.insert(orderItems).values(values).returning();
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

export async function orderNumberOf(db: Executor, orderId: string): Promise<string> {
  const [row] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  return row!.orderNumber;
}

export async function addEvent(db: Executor, values: EventValues): Promise<EventRow> {
  const [row] = await db.insert(orderEvents).values(values).returning();
  return row!;
}

/** Which of these orders have an entry of `kind` on their timeline (order_events_order_idx). */
export async function ordersWithEvent(db: Executor, orderIds: readonly string[], kind: string): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: orderEvents.orderId })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, [...orderIds]), eq(orderEvents.kind, kind)));
  return new Set(rows.map((r) => r.orderId));
}

export async function listOrders(db: Executor, userId: string, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: total?.n ?? 0, rows };
}

export interface ItemWithImage extends OrderItemRow {
  image: { id: string; alt: string; width: number; height: number } | null;
}

/** Lines of orders with their pictures (from the media module's published view), in order. */
export async function itemsOf(db: Executor, orderIds: string[]): Promise<ItemWithImage[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      item: orderItems,
      image: {
        id: productImageDirectory.id,
        alt: productImageDirectory.alt,
        width: productImageDirectory.width,
        height: productImageDirectory.height,
      },
    })
    .from(orderItems)
    .leftJoin(productImageDirectory, eq(productImageDirectory.id, orderItems.imageId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  return rows.map((r) => ({ ...r.item, image: r.image?.id ? r.image : null }));
}

/** Who placed the order: name and e-mail from the accounts' published view. */
export async function customerOf(db: Executor, orderId: string): Promise<{ name: string; email: string }> {
  const [customer] = await db
    .select({ name: accountDirectory.name, email: accountDirectory.email })
    .from(orders)
    .innerJoin(accountDirectory, eq(accountDirectory.id, orders.userId))
    .where(eq(orders.id, orderId));
  return customer!;
}

/** Who placed the order (the accounts' published view), its shipments with their sellers, its sellers' packings, and its timeline. */
export async function detailParts(db: Executor, orderId: string) {
  const customer = await customerOf(db, orderId);
  const [shipmentRows, events] = [
    await db
      .select({ shipment: getViewSelectedFields(shipmentDirectory), sellerName: sellerDirectory.businessName })
      .from(shipmentDirectory)
      .innerJoin(sellerDirectory, eq(sellerDirectory.id, shipmentDirectory.vendorId))
      .where(eq(shipmentDirectory.orderId, orderId))
      .orderBy(asc(shipmentDirectory.shippedAt)),
    await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ];
  const packingRows = await db
    .select({ vendorId: packingDirectory.vendorId, packedAt: packingDirectory.packedAt })
    .from(packingDirectory)
    .where(eq(packingDirectory.orderId, orderId))
    .orderBy(asc(packingDirectory.packedAt));
  const units = await unitsOf(db, orderId);
  return { customer, shipments: shipmentRows, events, packings: packingRows, units };
}

export type PackedUnitRow = typeof packedUnitDirectory.$inferSelect;

/** The order's packed units with their serials (the fulfilment's published view, decision 72), line by line. */
export async function unitsOf(db: Executor, orderId: string): Promise<PackedUnitRow[]> {
  return db
    .select()
    .from(packedUnitDirectory)
    .where(eq(packedUnitDirectory.orderId, orderId))
    .orderBy(asc(packedUnitDirectory.orderItemId), asc(packedUnitDirectory.unit));
}

/** The order's shipments (read through the fulfilment's view, as of the caller's transaction). */
export async function shipmentsOf(db: Executor, orderId: string): Promise<ShipmentRow[]> {
  return db.select().from(shipmentDirectory).where(eq(shipmentDirectory.orderId, orderId));
}

/** Whom to tell about an order's lines: each seller's business name and its sign-in account's e-mail (published views; prepared, decision 38). */
export async function sellerContacts(
  db: Executor,
  vendorIds: readonly string[],
): Promise<{ vendorId: string; businessName: string; email: string; name: string }[]> {
  if (vendorIds.length === 0) return [];
  const { rows } = await db.execute<{ vendorId: string; businessName: string; email: string; name: string }>(
    prepared(
      'seller-contacts',
      sql`select s.id as "vendorId", s.business_name as "businessName", a.email, a.name
            from seller_directory s join account_directory a on a.id = s.user_id
           where s.id = any(${textArray([...new Set(vendorIds)])}::text[])`,
    ),
  );
  return rows;
}

/** Adds cancelled quantities to lines (the caller checked they are open). */
export async function addCancelled(db: Executor, lines: readonly { itemId: string; quantity: number }[]): Promise<void> {
  for (const line of lines) {
    await db
      .update(orderItems)
      .set({ cancelledQuantity: sql`${orderItems.cancelledQuantity} + ${line.quantity}` })
      .where(eq(orderItems.id, line.itemId));
  }
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

/**
 * Whether the customer has the product in any order, and whether one of those orders was delivered
 * (delivered, return requested, returned and refunded orders all keep `delivered_at`).
 */
export async function purchaseState(db: Executor, userId: string, productId: string): Promise<{ ordered: boolean; received: boolean }> {
  const { rows } = await db.execute<{ ordered: boolean; received: boolean }>(
    sql`select count(*) > 0 as ordered, coalesce(bool_or(o.delivered_at is not null), false) as received
      from orders o join order_items i on i.order_id = o.id
      where o.user_id = ${userId} and i.product_id = ${productId} and o.status <> 'cancelled'`,
  );
  return rows[0] ?? { ordered: false, received: false };
}

// ---------- the vendor's share of orders ----------

/** Orders a vendor sees: they hold its products and were confirmed (paid, or placed with cash on delivery). */
function vendorOrdersWhere(vendorId: string, query: Partial<VendorOrdersQuery>): SQL {
  const conditions: SQL[] = [
    sql`exists (select 1 from order_items vi where vi.order_id = orders.id and vi.vendor_id = ${vendorId})`,
    sql`exists (select 1 from order_events ve where ve.order_id = orders.id and ve.kind = 'placed')`,
  ];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.q) conditions.push(ilike(orders.orderNumber, `%${escapeLike(query.q)}%`));
  if (query.todo) conditions.push(vendorTodo(vendorId, query.todo));
  if (query.returned)
    conditions.push(sql`exists (select 1 from shipment_directory cs where cs.order_id = orders.id and cs.vendor_id = ${vendorId}
      and cs.return_condition = ${query.returned})`);
  return and(...conditions)!;
}

/** Statuses of a confirmed order still waiting for couriers. */
export const AWAITING_SHIPMENT = sql`('placed', 'processing', 'partly_shipped', 'partly_delivered')`;

/**
 * What waits for the vendor in an order (`orders` in scope): its items to pack (confirmed, not
 * cancelled, not packed or shipped), to ship (packed, not shipped), shipping late (not shipped two
 * days after the order), or a return to receive (the customer asked, its items not back yet).
 */
export function vendorTodo(vendorId: string, todo: VendorOrderTodo): SQL {
  const waiting = sql`orders.status in ${AWAITING_SHIPMENT}
    and exists (select 1 from order_items oi where oi.order_id = orders.id and oi.vendor_id = ${vendorId} and oi.quantity > oi.cancelled_quantity)
    and not exists (select 1 from shipment_directory os where os.order_id = orders.id and os.vendor_id = ${vendorId})`;
  const packed = sql`exists (select 1 from packing_directory op where op.order_id = orders.id and op.vendor_id = ${vendorId})`;
  switch (todo) {
    case 'pack':
      return sql`(${waiting} and not ${packed})`;
    case 'ship':
      return sql`(${waiting} and ${packed})`;
    case 'late':
      return sql`(${waiting} and orders.order_date < now() - ${LATE_TO_SHIP})`;
    case 'return':
      return sql`(orders.status = 'return_requested'
        and exists (select 1 from shipment_directory rs where rs.order_id = orders.id and rs.vendor_id = ${vendorId} and rs.status = 'delivered'))`;
  }
}

/** A confirmed order not handed to a courier after this long is late. */
export const LATE_TO_SHIP = sql`interval '2 days'`;

/** The vendor's share of an order: its lines after their share of the coupon discount. */
const vendorShare = (vendorId: string) =>
  sql<number>`(select coalesce(sum(round((si.line_total_paise - si.discount_paise)::numeric * (si.quantity - si.cancelled_quantity) / si.quantity)), 0)::int
    from order_items si where si.order_id = orders.id and si.vendor_id = ${vendorId})`.mapWith(Number);

/**
 * What the coupon took off the vendor's share: each line's units not cancelled at their price as
 * ordered, less the same units after the line's coupon share, each rounded as `vendorShare` rounds
 * them, so the open lines' value less this is `vendorShare` to the paisa.
 */
const vendorCouponShare = (vendorId: string) =>
  sql<number>`(select coalesce(sum(round(si.line_total_paise::numeric * (si.quantity - si.cancelled_quantity) / si.quantity)
      - round((si.line_total_paise - si.discount_paise)::numeric * (si.quantity - si.cancelled_quantity) / si.quantity)), 0)::int
    from order_items si where si.order_id = orders.id and si.vendor_id = ${vendorId})`.mapWith(Number);

/** An order as its vendor sees it: the order, the vendor's share of it and what the coupon took off that share. */
const vendorOrderFields = (vendorId: string, share = vendorShare(vendorId)) => ({
  order: orders,
  amountPaise: share,
  couponSharePaise: vendorCouponShare(vendorId),
});
export type VendorOrderRow = { order: OrderRow; amountPaise: number; couponSharePaise: number };

/** One order as the vendor sees it, or undefined when it is not one of the vendor's confirmed orders. */
export async function findVendorOrder(db: Executor, vendorId: string, orderId: string) {
  const [row] = await db
    .select(vendorOrderFields(vendorId))
    .from(orders)
    .where(and(eq(orders.id, orderId), vendorOrdersWhere(vendorId, {})))
    .limit(1);
  return row;
}

/** Some of a vendor's orders by id (ids the vendor's own lines gave), in the order given, with its share of each. */
export async function vendorOrdersByIds(db: Executor, vendorId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(vendorOrderFields(vendorId))
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return ids.flatMap((id) => rows.filter((r) => r.order.id === id));
}

/** One page of a vendor's orders, with the vendor's share of each (its lines after their discount). */
export async function listVendorOrders(db: Executor, vendorId: string, query: VendorOrdersQuery, onlyIds?: readonly string[]) {
  const filter = vendorOrdersWhere(vendorId, query);
  // Only these orders (those whose parcel still needs an e-way bill, from the e-way bills module).
  const where = onlyIds ? and(filter, onlyIds.length ? inArray(orders.id, [...onlyIds]) : sql`false`)! : filter;
  const share = vendorShare(vendorId);
  const { column, descending } = parseSort(query.sort);
  const key = column === 'amount' ? share : sql`orders.order_date`;
  const direction = descending ? sql`desc` : sql`asc`;
  const [rows, [total]] = await Promise.all([
    db
      .select(vendorOrderFields(vendorId, share))
      .from(orders)
      .where(where)
      .orderBy(sql`${key} ${direction}`, sql`orders.seq ${direction}`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A vendor's own lines, packing and shipment of these orders (the last two through the fulfilment's views). */
export async function vendorPartsOf(db: Executor, vendorId: string, orderIds: string[]) {
  if (orderIds.length === 0) return { items: [], shipments: [], packings: [], units: [] };
  const [items, shipmentRows, packingRows, units] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.vendorId, vendorId)))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    db
      .select()
      .from(shipmentDirectory)
      .where(and(inArray(shipmentDirectory.orderId, orderIds), eq(shipmentDirectory.vendorId, vendorId))),
    db
      .select()
      .from(packingDirectory)
      .where(and(inArray(packingDirectory.orderId, orderIds), eq(packingDirectory.vendorId, vendorId))),
    db
      .select()
      .from(packedUnitDirectory)
      .where(and(inArray(packedUnitDirectory.orderId, orderIds), eq(packedUnitDirectory.vendorId, vendorId))),
  ]);
  return { items, shipments: shipmentRows, packings: packingRows, units };
}

/** The coupon discount of each order, by id (orders not found are left out). */
export async function couponDiscounts(db: Executor, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, discountPaise: orders.discountPaise })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((r) => [r.id, r.discountPaise]));
}

import { and, asc, count, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { parseSort } from '~/shared/schemas/common';
import type { AdminOrdersQuery } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import { orderItems, orders, shipments } from '../../db/schema/orders';
import { accountDirectory } from '../../db/views/auth';
import { sellerDirectory } from '../../db/views/vendors';
import { escapeLike } from '../../lib/sql-text';
import { AWAITING_SHIPMENT, LATE_TO_SHIP } from './orders.repo';

/**
 * The rule of "late to ship" for the whole shop (`orders` in scope), the vendors' rule for any seller:
 * a confirmed order waiting for couriers, placed more than LATE_TO_SHIP ago, with a seller whose
 * items are not all cancelled and not shipped.
 */
export const LATE_ORDER = sql<boolean>`(orders.status in ${AWAITING_SHIPMENT}
  and orders.order_date < now() - ${LATE_TO_SHIP}
  and exists (select 1 from order_items li where li.order_id = orders.id and li.quantity > li.cancelled_quantity
    and not exists (select 1 from shipments ls where ls.order_id = orders.id and ls.vendor_id = li.vendor_id)))`;

/**
 * Orders whose number, customer (name or e-mail) or tracking number holds the text. Each part is
 * answered by its own index (trigram indexes on the order number and tracking number, the customer's
 * orders by `orders_user_date_idx`), then the ids are joined: one OR over `orders` would scan it.
 */
function searchIds(q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  return sql`orders.id in (
    select o.id from orders o where o.order_number ilike ${pattern}
    union select s.order_id from shipments s where s.tracking_number ilike ${pattern}
    union select o.id from orders o join ${accountDirectory} a on a.id = o.user_id
      where a.email ilike ${pattern} or a.name ilike ${pattern})`;
}

/** Days are days in India (UTC+05:30). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00+05:30`);

function whereOf(query: AdminOrdersQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(searchIds(query.q));
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.payment === 'cod') conditions.push(eq(orders.paymentMethod, 'cod'));
  if (query.payment === 'prepaid') conditions.push(ne(orders.paymentMethod, 'cod'));
  if (query.vendorId) conditions.push(sql`orders.id in (select vi.order_id from order_items vi where vi.vendor_id = ${query.vendorId})`);
  if (query.state) conditions.push(sql`(orders.address->>'state') = ${query.state}`);
  if (query.from) conditions.push(gte(orders.orderDate, startOfDay(query.from)));
  if (query.to) conditions.push(lt(orders.orderDate, new Date(startOfDay(query.to).getTime() + 86_400_000)));
  if (query.late === true) conditions.push(LATE_ORDER);
  if (query.late === false) conditions.push(sql`not ${LATE_ORDER}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of every order, with the total the filters match. */
export async function listAdminOrders(db: Executor, query: AdminOrdersQuery) {
  const where = whereOf(query);
  const { column, descending } = parseSort(query.sort);
  const key = column === 'total' ? sql`orders.total_paise` : column === 'orderNumber' ? sql`orders.seq` : sql`orders.order_date`;
  const direction = descending ? sql`desc` : sql`asc`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        customerName: accountDirectory.name,
        customerEmail: accountDirectory.email,
        late: LATE_ORDER.mapWith(Boolean),
      })
      .from(orders)
      .innerJoin(accountDirectory, eq(accountDirectory.id, orders.userId))
      .where(where)
      .orderBy(sql`${key} ${direction}`, sql`orders.seq ${direction}`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** For a page of orders: their sellers, units not cancelled, and tracking numbers. */
export async function listParts(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return { lines: [], tracking: [] };
  const [lines, tracking] = await Promise.all([
    db
      .select({
        orderId: orderItems.orderId,
        sellerName: orderItems.sellerName,
        units: sql<number>`sum(${orderItems.quantity} - ${orderItems.cancelledQuantity})::int`.mapWith(Number),
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .groupBy(orderItems.orderId, orderItems.sellerName),
    db
      .select({ orderId: shipments.orderId, trackingNumber: shipments.trackingNumber })
      .from(shipments)
      .where(inArray(shipments.orderId, orderIds)),
  ]);
  return { lines, tracking };
}

/** Whether one order is late to ship. */
export async function isLate(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ late: LATE_ORDER.mapWith(Boolean) })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.late ?? false;
}

/** Every seller by name, for the list's seller filter (vendors module's published view). */
export async function sellers(db: Executor) {
  return db
    .select({ id: sellerDirectory.id, name: sellerDirectory.businessName })
    .from(sellerDirectory)
    .orderBy(asc(sellerDirectory.businessName));
}

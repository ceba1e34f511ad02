import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { parseSort } from '~/shared/schemas/common';
import type { AdminOrdersQuery } from '~/shared/schemas/admin-orders';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { accountDirectory } from '../../db/views/auth';
import { sellerDirectory } from '../../db/views/vendors';
import { escapeLike } from '../../lib/sql-text';
import { AWAITING_SHIPMENT, LATE_TO_SHIP } from './orders.repo';

/**
 * The rule of "late to ship" for the whole shop (`orders` in scope), the vendors' rule for any seller:
 * a confirmed order waiting for couriers, placed more than LATE_TO_SHIP ago, with a seller whose
 * items are not all cancelled and not shipped.
 *
 * Indexable: the status and date parts are the predicate of `orders_awaiting_date_idx` (only orders
 * waiting for couriers, by date), and the sellers' check is made per order through
 * `order_items_order_open_idx` and `shipments_order_vendor_key` (`offset 0` keeps the planner from
 * hashing every order line of the shop instead, which it guesses wrong on a large table).
 */
export const LATE_ORDER = sql<boolean>`(orders.status in ${AWAITING_SHIPMENT}
  and orders.order_date < now() - ${LATE_TO_SHIP}
  and exists (select 1 from order_items li where li.order_id = orders.id and li.quantity > li.cancelled_quantity
    and not exists (select 1 from shipment_directory ls where ls.order_id = orders.id and ls.vendor_id = li.vendor_id) offset 0))`;

/** Orders, accounts or shipments a search may match and still be looked up by key; more, and it is a scan anyway. */
const SEARCH_KEYS_CAP = 500;

/**
 * Orders whose number, customer (name or e-mail) or tracking number holds the text. The orders,
 * accounts and shipments that match are looked up first, each by its trigram index (order number,
 * name, e-mail, tracking number), so the orders' condition names them by key: PostgreSQL then reads
 * the orders by primary key and `orders_user_date_idx` knowing how many rows each gives. With the
 * subqueries in their place it cannot guess, and walks or hashes every order testing each.
 */
async function searchCondition(db: Executor, q: string): Promise<SQL> {
  const pattern = `%${escapeLike(q)}%`;
  const numbered = sql`select o.id from orders o where o.order_number ilike ${pattern}`;
  const accounts = sql`select a.id from ${accountDirectory} a where a.email ilike ${pattern} or a.name ilike ${pattern}`;
  const shipped = sql`select s.order_id from shipment_directory s where s.tracking_number ilike ${pattern}`;
  const more = SEARCH_KEYS_CAP + 1;
  const { rows } = await db.execute<{ numbered: string[]; users: string[]; shipped: string[] }>(sql`
    select array(${numbered} limit ${more}) as numbered, array(${accounts} limit ${more}) as users,
           array(${shipped} limit ${more}) as shipped`);
  const found = rows[0]!;
  const parts: SQL[] = [];
  if (found.numbered.length > SEARCH_KEYS_CAP) parts.push(sql`orders.order_number ilike ${pattern}`);
  if (found.shipped.length > SEARCH_KEYS_CAP) parts.push(sql`orders.id in (${shipped})`);
  const ids = [
    ...(found.numbered.length > SEARCH_KEYS_CAP ? [] : found.numbered),
    ...(found.shipped.length > SEARCH_KEYS_CAP ? [] : found.shipped),
  ];
  if (ids.length > 0) parts.push(inArray(orders.id, [...new Set(ids)]));
  if (found.users.length > SEARCH_KEYS_CAP) parts.push(sql`orders.user_id in (${accounts})`);
  else if (found.users.length > 0) parts.push(inArray(orders.userId, found.users));
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** Days are days in India (UTC+05:30). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00+05:30`);

async function whereOf(db: Executor, query: AdminOrdersQuery): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(await searchCondition(db, query.q));
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

/**
 * Totals are counted up to here ("1,000+"): an exact count of a broad filter over 1,00,000 orders on
 * every page view costs more than the page (counting 10,000 index entries is a third of the newest
 * page's statement; late orders are each checked against their sellers' shipments). Narrow filters
 * count exactly (decision 23).
 */
export const TOTAL_CAP = 1_000;

/**
 * One page of every order with its customer, sellers, units not cancelled, tracking numbers and late
 * flag, and the total the filters match (at most the cap, `capped` when more), in one statement.
 * The page's ids are found first from the indexes alone (sort key, then seq), and only those orders
 * are read: a deep page skips index entries, not orders.
 */
export async function listAdminOrders(db: Executor, query: AdminOrdersQuery) {
  const where = await whereOf(db, query);
  const { column, descending } = parseSort(query.sort);
  const key = column === 'total' ? sql`orders.total_paise` : column === 'orderNumber' ? sql`orders.seq` : sql`orders.order_date`;
  const direction = descending ? sql`desc` : sql`asc`;
  const order = [sql`${key} ${direction}`, sql`orders.seq ${direction}`];
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const matched = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(TOTAL_CAP + 1);
  const counted = sql<number>`(select count(*)::int from (${matched}) matched)`.mapWith(Number);
  const rows = await db
    .select({
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        orderDate: orders.orderDate,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        userId: orders.userId,
        address: orders.address,
        totalPaise: orders.totalPaise,
      },
      customerName: accountDirectory.name,
      customerEmail: accountDirectory.email,
      late: LATE_ORDER.mapWith(Boolean),
      units:
        sql<number>`(select coalesce(sum(pi.quantity - pi.cancelled_quantity), 0)::int from order_items pi where pi.order_id = orders.id)`.mapWith(
          Number,
        ),
      sellers: sql<string[]>`array(select distinct pi.seller_name from order_items pi where pi.order_id = orders.id)`,
      trackingNumbers: sql<string[]>`array(select ps.tracking_number from shipment_directory ps where ps.order_id = orders.id)`,
      matched: counted,
    })
    .from(orders)
    .innerJoin(accountDirectory, eq(accountDirectory.id, orders.userId))
    .where(inArray(orders.id, pageIds))
    .orderBy(...order);
  // A page past the end has no row to carry the count.
  const n = rows[0]?.matched ?? (await db.select({ n: counted }).from(sql`(select 1) one`))[0]?.n ?? 0;
  return { rows, total: Math.min(n, TOTAL_CAP), capped: n > TOTAL_CAP };
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

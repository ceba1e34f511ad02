import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AWAITING_SHIPMENT } from './orders.repo';

/** Statuses of an order that counts as a sale: confirmed and not cancelled or refunded. */
const SOLD = sql`('placed', 'processing', 'partly_shipped', 'shipped', 'partly_delivered', 'delivered', 'return_requested', 'returned')`;

/**
 * The vendor's lines of orders placed in [from, to), with the share of each line that was not
 * cancelled: what customers paid (after coupons, GST included), its value before GST, and units.
 */
const linesOf = (vendorId: string, from: Date, to: Date) => sql`
  select o.id as order_id, o.order_date, o.status, i.product_id, i.name,
         (i.quantity - i.cancelled_quantity) as units,
         round((i.line_total_paise - i.discount_paise)::numeric * (i.quantity - i.cancelled_quantity) / i.quantity) as sale,
         round(i.taxable_paise::numeric * (i.quantity - i.cancelled_quantity) / i.quantity) as taxable
    from order_items i
    join orders o on o.id = i.order_id
   where i.vendor_id = ${vendorId} and o.order_date >= ${from} and o.order_date < ${to} and o.status in ${SOLD}`;

export type PeriodTotals = {
  current: boolean;
  sales: number;
  taxable: number;
  orders: number;
  units: number;
};

/** Sales, orders and units of the current period [start, end) and the previous one [previousStart, start). */
export async function periodTotals(db: Executor, vendorId: string, previousStart: Date, start: Date, end: Date): Promise<PeriodTotals[]> {
  const { rows } = await db.execute<PeriodTotals>(sql`
    with lines as (${linesOf(vendorId, previousStart, end)})
    select (order_date >= ${start}) as current, coalesce(sum(sale), 0)::int as sales, coalesce(sum(taxable), 0)::int as taxable,
           count(distinct order_id) filter (where units > 0)::int as orders, coalesce(sum(units), 0)::int as units
      from lines group by 1`);
  return rows;
}

/** Orders of the vendor's products whose return was asked for in each period (from the vendor's lines, by its index). */
export async function returnsAsked(db: Executor, vendorId: string, previousStart: Date, start: Date, end: Date) {
  const { rows } = await db.execute<{ current: boolean; returns: number }>(sql`
    select (o.return_requested_at >= ${start}) as current, count(distinct o.id)::int as returns
      from order_items i join orders o on o.id = i.order_id
     where i.vendor_id = ${vendorId} and o.return_requested_at >= ${previousStart} and o.return_requested_at < ${end}
     group by 1`);
  return rows;
}

/** Sales per day (India time) from previousStart to end. */
export async function dailySales(db: Executor, vendorId: string, previousStart: Date, end: Date) {
  const { rows } = await db.execute<{ day: string; sales: number }>(sql`
    with lines as (${linesOf(vendorId, previousStart, end)})
    select to_char((order_date at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day, coalesce(sum(sale), 0)::int as sales
      from lines group by 1 order by 1`);
  return rows;
}

/** The vendor's best-selling products of the period by value. */
export async function topProducts(db: Executor, vendorId: string, start: Date, end: Date, limit = 5) {
  const { rows } = await db.execute<{ product_id: string; name: string; units: number; sales: number }>(sql`
    with lines as (${linesOf(vendorId, start, end)})
    select product_id, min(name) as name, sum(units)::int as units, sum(sale)::int as sales
      from lines group by product_id having sum(units) > 0 order by sales desc, units desc, product_id limit ${limit}`);
  return rows;
}

/**
 * What waits for the vendor: orders to pack, packed and to ship, late (either, confirmed before
 * `lateBefore`), and returns to receive (its items of the order not back yet). The same rules as
 * the orders list's "to do" filter (`vendorTodo`).
 */
export async function orderTodo(db: Executor, vendorId: string, lateBefore: Date) {
  const { rows } = await db.execute<{ to_pack: number; to_ship: number; late_to_ship: number; returns_to_receive: number }>(sql`
    with mine as (
      select o.id, o.status, o.order_date, bool_or(i.quantity > i.cancelled_quantity) as open_lines
        from order_items i join orders o on o.id = i.order_id
       where i.vendor_id = ${vendorId} and (o.status in ${AWAITING_SHIPMENT} or o.status = 'return_requested')
       group by o.id, o.status, o.order_date),
    waiting as (
      select mine.*, s.status as shipment, p.order_id is not null as packed,
             mine.status in ${AWAITING_SHIPMENT} and mine.open_lines and s.order_id is null as unshipped
        from mine
        left join shipments s on s.order_id = mine.id and s.vendor_id = ${vendorId}
        left join packings p on p.order_id = mine.id and p.vendor_id = ${vendorId})
    select count(*) filter (where unshipped and not packed)::int as to_pack,
           count(*) filter (where unshipped and packed)::int as to_ship,
           count(*) filter (where unshipped and order_date < ${lateBefore})::int as late_to_ship,
           count(*) filter (where status = 'return_requested' and shipment = 'delivered')::int as returns_to_receive
      from waiting`);
  return rows[0] ?? { to_pack: 0, to_ship: 0, late_to_ship: 0, returns_to_receive: 0 };
}

/** The vendor's latest confirmed orders, newest first (from its lines, by its index). */
export async function recentOrderIds(db: Executor, vendorId: string, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select o.id
      from order_items i join orders o on o.id = i.order_id
     where i.vendor_id = ${vendorId} and o.status <> 'pending_payment'
       and exists (select 1 from order_events e where e.order_id = o.id and e.kind = 'placed')
     group by o.id, o.order_date
     order by o.order_date desc, o.id desc
     limit ${limit}`);
  return rows.map((r) => r.id);
}

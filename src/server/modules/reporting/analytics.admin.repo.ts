import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * An order (alias `o`) that was confirmed: paid, or placed with cash on delivery. Unpaid orders and
 * orders cancelled before they were ever confirmed (payment failed or never made) are left out; an
 * order cancelled after it was confirmed stays in (its refund shows under refunds).
 */
export const confirmedOrder = (o: string): SQL =>
  sql.raw(
    `(${o}.status not in ('pending_payment', 'cancelled') or (${o}.status = 'cancelled' and exists (select 1 from order_event_directory ce where ce.order_id = ${o}.id and ce.kind = 'placed')))`,
  );

export interface AdminWindow {
  previousStart: Date;
  start: Date;
  end: Date;
}

export interface AdminOrderRows {
  totals: { current: boolean; gmv: number; orders: number }[];
  checkouts: { current: boolean; checkouts: number }[];
  newcomers: { current: boolean; customers: number }[];
  daily: { day: string; gmv: number; orders: number }[];
  by_status: { status: string; orders: number }[];
  by_category: { category: string; sales: number; units: number }[];
  by_vendor: { vendor_id: string; name: string; sales: number; orders: number }[];
  by_state: { state: string; gmv: number; orders: number }[];
  waiting: { late_to_ship: number; returns_waiting: number };
}

/**
 * Every figure of the admin dashboard that the orders module publishes (`order_directory`,
 * `order_line_directory`), in one statement: the confirmed orders
 * placed in [previousStart, end) once (`confirmed`), then totals of each period, checkouts, first-time
 * customers, GMV and orders per India day, the current period by status, its items sold (orders
 * cancelled or refunded and cancelled items left out) by category and by vendor, GMV by state of delivery, and what waits now (late to ship, returns asked for).
 */
export async function adminDashboardRows(db: Executor, w: AdminWindow): Promise<AdminOrderRows> {
  const { rows } = await db.execute<{ figures: AdminOrderRows }>(sql`
    with period as (
      select o.id, o.user_id, o.order_date, o.status, o.total_paise, o.delivery_state as state,
             (o.order_date >= ${w.start}) as current, ${confirmedOrder('o')} as confirmed
        from order_directory o
       where o.order_date >= ${w.previousStart} and o.order_date < ${w.end}),
    confirmed as (select * from period where confirmed),
    totals as (
      select current, coalesce(sum(total_paise), 0)::bigint as gmv, count(*)::int as orders from confirmed group by current),
    started as (select current, count(*)::int as checkouts from period group by current),
    newcomers as (
      -- each customer of a period once, then one look at their earlier orders (not one per order)
      select c.current, count(*)::int as customers
        from (select distinct user_id, current from confirmed) c
       where not exists (
         select 1 from order_directory p
          where p.user_id = c.user_id and p.order_date < (case when c.current then ${w.start} else ${w.previousStart} end)::timestamptz
            and ${confirmedOrder('p')})
       group by c.current),
    daily as (
      select to_char((order_date at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day,
             sum(total_paise)::bigint as gmv, count(*)::int as orders
        from confirmed group by 1),
    by_status as (select status, count(*)::int as orders from confirmed where current group by status),
    lines as (
      -- each order's own lines by order_items_order_idx (offset 0 keeps the planner from scanning every line instead)
      select i.category, i.vendor_id, i.seller_name, i.order_id, i.units, i.sale
        from confirmed c
        cross join lateral (
          select li.category, li.vendor_id, li.seller_name, li.order_id, (li.quantity - li.cancelled_quantity) as units,
                 round((li.line_total_paise - li.discount_paise)::numeric * (li.quantity - li.cancelled_quantity) / li.quantity) as sale
            from order_line_directory li where li.order_id = c.id and li.quantity > li.cancelled_quantity offset 0) i
       where c.current and c.status not in ('cancelled', 'refunded')),
    by_category as (
      select category, sum(sale)::bigint as sales, sum(units)::int as units from lines group by category),
    by_vendor as (
      select vendor_id, min(seller_name) as name, sum(sale)::bigint as sales, count(distinct order_id)::int as orders
        from lines group by vendor_id order by sales desc, vendor_id limit 10),
    by_state as (
      select coalesce(state, 'Unknown') as state, sum(total_paise)::bigint as gmv, count(*)::int as orders
        from confirmed where current group by 1 order by gmv desc, 1 limit 10),
    waiting as (
      -- the admin orders list's late=true, as the orders module publishes it (orders waiting for couriers
      -- by orders_awaiting_date_idx, each checked against its sellers' shipments)
      select (select count(*) from order_directory where late_to_ship)::int as late_to_ship,
             (select count(*) from order_directory o where o.status = 'return_requested')::int as returns_waiting)
    select json_build_object(
      'totals', (select coalesce(json_agg(totals), '[]') from totals),
      'checkouts', (select coalesce(json_agg(started), '[]') from started),
      'newcomers', (select coalesce(json_agg(newcomers), '[]') from newcomers),
      'daily', (select coalesce(json_agg(daily), '[]') from daily),
      'by_status', (select coalesce(json_agg(by_status order by orders desc, status), '[]') from by_status),
      'by_category', (select coalesce(json_agg(by_category order by sales desc, category), '[]') from by_category),
      'by_vendor', (select coalesce(json_agg(by_vendor order by sales desc, vendor_id), '[]') from by_vendor),
      'by_state', (select coalesce(json_agg(by_state order by gmv desc, state), '[]') from by_state),
      'waiting', (select row_to_json(waiting) from waiting)
    ) as figures`);
  return rows[0]!.figures;
}

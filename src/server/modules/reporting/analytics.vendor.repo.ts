import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Statuses of an order that counts as a sale: confirmed and not cancelled or refunded. */
const SOLD = sql`('placed', 'processing', 'partly_shipped', 'shipped', 'partly_delivered', 'delivered', 'return_requested', 'returned')`;

export interface DashboardWindow {
  /** The previous period starts here and ends at `start`, where the current period starts. */
  previousStart: Date;
  start: Date;
  end: Date;
  /** Orders confirmed before this and not shipped are late. */
  lateBefore: Date;
  /** How many recent orders to list. */
  recent: number;
}

export interface PeriodTotals {
  current: boolean;
  sales: number;
  taxable: number;
  orders: number;
  units: number;
}

export interface DashboardRows {
  totals: PeriodTotals[];
  returns: { current: boolean; returns: number }[];
  daily: { day: string; sales: number }[];
  top: { product_id: string; name: string; units: number; sales: number }[];
  todo: { to_pack: number; to_ship: number; late_to_ship: number; returns_to_receive: number };
  recent: string[];
}

/**
 * Every figure of the vendor's dashboard that comes from its order lines, in one statement (one
 * round trip and one plan instead of six):
 *  - `lines`: the vendor's lines of orders placed in [previousStart, end) that count as sales, each
 *    with the share not cancelled: what customers paid (after coupons, GST included), its value
 *    before GST, and units;
 *  - totals of each period, sales per day (India time), the period's best sellers by value;
 *  - orders of its products whose return was asked for in each period;
 *  - what waits: orders to pack, packed and to ship, late (either), returns to receive — the rules
 *    of the orders list's "to do" filter (`vendorTodo`);
 *  - the latest confirmed orders holding its products.
 * Every part starts from the vendor's own lines (`order_items_vendor_idx`).
 */
export async function dashboardRows(db: Executor, vendorId: string, w: DashboardWindow): Promise<DashboardRows> {
  const { rows } = await db.execute<{ figures: DashboardRows }>(sql`
    with lines as (
      select o.id as order_id, o.order_date, i.product_id, i.name,
             (i.quantity - i.cancelled_quantity) as units,
             round((i.line_total_paise - i.discount_paise)::numeric * (i.quantity - i.cancelled_quantity) / i.quantity) as sale,
             round(i.taxable_paise::numeric * (i.quantity - i.cancelled_quantity) / i.quantity) as taxable
        from order_line_directory i
        join order_directory o on o.id = i.order_id
       where i.vendor_id = ${vendorId} and o.order_date >= ${w.previousStart} and o.order_date < ${w.end} and o.status in ${SOLD}),
    totals as (
      select (order_date >= ${w.start}) as current, coalesce(sum(sale), 0)::int as sales, coalesce(sum(taxable), 0)::int as taxable,
             count(distinct order_id) filter (where units > 0)::int as orders, coalesce(sum(units), 0)::int as units
        from lines group by 1),
    daily as (
      select to_char((order_date at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day, coalesce(sum(sale), 0)::int as sales
        from lines group by 1),
    top as (
      select product_id, min(name) as name, sum(units)::int as units, sum(sale)::int as sales
        from lines where order_date >= ${w.start}
       group by product_id having sum(units) > 0 order by sales desc, units desc, product_id limit 5),
    asked as (
      select (o.return_requested_at >= ${w.start}) as current, count(distinct o.id)::int as returns
        from order_line_directory i join order_directory o on o.id = i.order_id
       where i.vendor_id = ${vendorId} and o.return_requested_at >= ${w.previousStart} and o.return_requested_at < ${w.end}
       group by 1),
    waiting as (
      select o.id, o.status, o.awaiting_shipment, o.order_date, bool_or(i.quantity > i.cancelled_quantity) as open_lines
        from order_line_directory i join order_directory o on o.id = i.order_id
       where i.vendor_id = ${vendorId} and (o.awaiting_shipment or o.status = 'return_requested')
       group by o.id, o.status, o.awaiting_shipment, o.order_date),
    todo as (
      select count(*) filter (where unshipped and not packed)::int as to_pack,
             count(*) filter (where unshipped and packed)::int as to_ship,
             count(*) filter (where unshipped and order_date < ${w.lateBefore})::int as late_to_ship,
             count(*) filter (where status = 'return_requested' and shipment = 'delivered')::int as returns_to_receive
        from (select waiting.status, waiting.order_date, s.status as shipment, p.order_id is not null as packed,
                     waiting.awaiting_shipment and waiting.open_lines and s.order_id is null as unshipped
                from waiting
                left join shipment_directory s on s.order_id = waiting.id and s.vendor_id = ${vendorId}
                left join packing_directory p on p.order_id = waiting.id and p.vendor_id = ${vendorId}) w),
    recent as (
      select o.id, o.order_date
        from order_line_directory i join order_directory o on o.id = i.order_id
       where i.vendor_id = ${vendorId} and o.status <> 'pending_payment'
         and exists (select 1 from order_event_directory e where e.order_id = o.id and e.kind = 'placed')
       group by o.id, o.order_date
       order by o.order_date desc, o.id desc
       limit ${w.recent})
    select json_build_object(
      'totals', (select coalesce(json_agg(totals), '[]') from totals),
      'daily', (select coalesce(json_agg(daily), '[]') from daily),
      'top', (select coalesce(json_agg(top order by sales desc, units desc, product_id), '[]') from top),
      'returns', (select coalesce(json_agg(asked), '[]') from asked),
      'todo', (select row_to_json(todo) from todo),
      'recent', (select coalesce(json_agg(recent.id order by recent.order_date desc, recent.id desc), '[]') from recent)
    ) as figures`);
  return rows[0]!.figures;
}

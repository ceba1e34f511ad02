import { sql } from 'drizzle-orm';
import { STUCK_AFTER_MINUTES } from '~/shared/schemas/payments';
import type { Executor } from '../../db/client';

/** One period's money from the payments of the orders confirmed in it. */
export interface PeriodPayments {
  /** Paid or to be paid on delivery, after refunds (cancelled and failed payments count nothing). */
  netPaise: number;
  refundedPaise: number;
  refundedOrders: number;
  /** Refunds issued in the period itself (not failed), whatever the date of their orders: the money that went back then. */
  givenBackPaise: number;
  givenBackRefunds: number;
}

export interface PaymentFigures {
  current: PeriodPayments;
  previous: PeriodPayments;
  /** Cash on delivery on orders with couriers, not collected yet. */
  codToCollect: { orders: number; amountPaise: number };
  /** Payments whose latest attempt failed (their orders still wait for payment). */
  failed: number;
  /** Online payments neither captured nor failed STUCK_AFTER_MINUTES after they were made (the payments list's `problem=stuck`). */
  stuck: number;
}

/**
 * The admin dashboard's money from payments, in four short statements: for the orders placed in
 * [previousStart, end) and confirmed (the order no longer awaits payment), what was paid or is due on
 * delivery after refunds, and the refunds, per period; the refunds issued in each period, by the day
 * they were issued; and what waits now. Orders through the view the orders module publishes.
 */
export async function paymentFigures(db: Executor, w: { previousStart: Date; start: Date; end: Date }): Promise<PaymentFigures> {
  const { rows } = await db.execute<{ current: boolean | null; net: string; refunded: string; refunded_orders: number }>(sql`
    select (o.order_date >= ${w.start}) as current,
           coalesce(sum(p.amount_paise - p.amount_refunded_paise), 0)::bigint as net,
           coalesce(sum(p.amount_refunded_paise), 0)::bigint as refunded,
           count(*) filter (where p.amount_refunded_paise > 0)::int as refunded_orders
      from payments p join order_directory o on o.id = p.order_id
     where o.order_date >= ${w.previousStart} and o.order_date < ${w.end}
       and o.status <> 'pending_payment' and p.status not in ('failed', 'cancelled')
     group by 1`);
  // Cash due: orders with couriers first (by their status index), then their payments.
  const [
    {
      rows: [cod],
    },
    {
      rows: [problems],
    },
    { rows: given },
  ] = await Promise.all([
    db.execute<{ orders: number; paise: string }>(sql`
      select count(*)::int as orders, coalesce(sum(p.amount_paise), 0)::bigint as paise
        from order_directory o join payments p on p.order_id = o.id
       where o.status in ('shipped', 'partly_shipped', 'partly_delivered') and p.method = 'cod' and p.status = 'created'`),
    db.execute<{ failed: number; stuck: number }>(sql`
      select count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status in ('created', 'authorized') and method <> 'cod'
                              and created_at < now() - make_interval(mins => ${STUCK_AFTER_MINUTES}))::int as stuck
        from payments where status in ('failed', 'created', 'authorized')`),
    db.execute<{ current: boolean; paise: string; refunds: number }>(sql`
      select (created_at >= ${w.start}) as current, coalesce(sum(amount_paise), 0)::bigint as paise, count(*)::int as refunds
        from refunds
       where created_at >= ${w.previousStart} and created_at < ${w.end} and status <> 'failed'
       group by 1`),
  ]);
  const period = (current: boolean): PeriodPayments => {
    const r = rows.find((x) => x.current === current);
    const g = given.find((x) => x.current === current);
    return {
      netPaise: Number(r?.net ?? 0),
      refundedPaise: Number(r?.refunded ?? 0),
      refundedOrders: r?.refunded_orders ?? 0,
      givenBackPaise: Number(g?.paise ?? 0),
      givenBackRefunds: g?.refunds ?? 0,
    };
  };
  return {
    current: period(true),
    previous: period(false),
    codToCollect: { orders: cod?.orders ?? 0, amountPaise: Number(cod?.paise ?? 0) },
    failed: problems?.failed ?? 0,
    stuck: problems?.stuck ?? 0,
  };
}

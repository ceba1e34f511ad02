import { formatPaise } from '~/shared/money';
import type { AdminDashboard } from '~/shared/schemas/dashboard';
import { formatCount } from '~/web/lib/format';
import { Change, FigureCard } from './figure-card';
import { periodLabel, previousName } from './format';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/** The period's figures beside the previous period's, and cash on delivery to collect now. */
export function DashboardFigures({ d }: { d: AdminDashboard }) {
  const { current: now, previous: before } = d;
  const period = previousName(d);
  const completion = percent(now.orders, now.checkouts);
  const completionBefore = percent(before.orders, before.checkouts);
  return (
    <section aria-labelledby="figures-heading" className="space-y-2">
      <h2 id="figures-heading" className="sr-only">
        Figures of the period
      </h2>
      <p className="text-sm text-slate-600">
        {periodLabel(d.period)} ({d.period.days === 1 ? '1 day' : `${d.period.days} days`}), beside {periodLabel(d.previousPeriod)}. India
        time.
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FigureCard label="GMV" value={formatPaise(now.gmvPaise)}>
          <Change now={now.gmvPaise} before={before.gmvPaise} period={period} />
        </FigureCard>
        <FigureCard label="Net revenue" value={formatPaise(now.netRevenuePaise)}>
          <Change now={now.netRevenuePaise} before={before.netRevenuePaise} period={period} />
        </FigureCard>
        <FigureCard label="Refunds given" value={formatPaise(now.refundsGivenPaise)}>
          <Change now={now.refundsGivenPaise} before={before.refundsGivenPaise} period={period} upIsGood={false} />
          <p className="text-xs text-slate-600">
            {now.refundsGiven === 1 ? '1 refund' : `${formatCount(now.refundsGiven)} refunds`} in the period, whatever the order’s date
          </p>
          <p className="mt-1 text-xs text-slate-600">
            On the period’s orders: {formatPaise(now.refundsPaise)} (
            {now.refundedOrders === 1 ? '1 order' : `${formatCount(now.refundedOrders)} orders`}
            ), taken out of net revenue
          </p>
        </FigureCard>
        <FigureCard label="Orders" value={formatCount(now.orders)}>
          <Change now={now.orders} before={before.orders} period={period} />
        </FigureCard>
        <FigureCard label="Average order value" value={formatPaise(now.averageOrderPaise)}>
          <Change now={now.averageOrderPaise} before={before.averageOrderPaise} period={period} />
        </FigureCard>
        <FigureCard label="New customers" value={formatCount(now.newCustomers)}>
          <Change now={now.newCustomers} before={before.newCustomers} period={period} />
        </FigureCard>
        <FigureCard label="Checkout completion" value={now.checkouts > 0 ? `${completion}%` : '—'}>
          <p className="mt-0.5 text-xs text-slate-600">
            {formatCount(now.orders)} of {formatCount(now.checkouts)} checkouts confirmed
            {before.checkouts > 0 && `; ${completionBefore}% in the previous ${period}`}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            Cart-to-order conversion: <strong className="font-medium">not measured</strong> (see below)
          </p>
        </FigureCard>
        {/* Only what couriers hold now: Payments' "Cash on delivery, open orders" adds the orders still to ship. */}
        <FigureCard label="Cash on delivery with couriers" value={formatPaise(d.codToCollect.amountPaise)}>
          <p className="mt-0.5 text-xs text-slate-600">
            {d.codToCollect.orders === 1 ? '1 order' : `${formatCount(d.codToCollect.orders)} orders`} shipped, cash not collected yet
          </p>
        </FigureCard>
      </dl>
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer text-slate-700">How these are counted</summary>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>
            GMV: totals (GST and shipping included) of orders confirmed in the period — paid online or placed with cash on delivery — even
            if cancelled later. Unpaid and failed checkouts are left out.
          </li>
          <li>Net revenue: what customers paid or will pay at the door for those orders, after refunds and cancelled cash on delivery.</li>
          <li>
            Refunds given: money given back in the period, on whatever day its order was placed. Under it, the refunds of the period’s
            orders, whenever they were given: those are what net revenue takes out.
          </li>
          <li>New customers: customers whose first confirmed order falls in the period.</li>
          <li>Checkout completion: confirmed orders out of all orders started at checkout.</li>
          <li>Cart-to-order conversion is not measured: {d.cartConversion.reason}</li>
        </ul>
      </details>
    </section>
  );
}

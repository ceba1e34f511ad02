import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowDownRight, ArrowUpRight, Package, PackageCheck, Send, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { ORDER_STATUS_LABELS } from '~/shared/orders';
import { paths } from '~/shared/paths';
import {
  DASHBOARD_RANGE_LABELS,
  DASHBOARD_RANGES,
  type DashboardFigures,
  type DashboardRange,
  type VendorDashboard,
} from '~/shared/schemas/vendor-dashboard';
import { BarChart } from '~/web/components/charts/bar-chart';
import { CouponShareNote } from '~/web/components/orders/coupon-share-note';
import { cn } from '~/web/components/ui/cn';
import { EmptyState, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { api } from '~/web/lib/api-client';
import { formatCount, formatDate } from '~/web/lib/format';

export const useVendorDashboard = (range: DashboardRange) =>
  useQuery({
    queryKey: ['vendor', 'dashboard', range],
    queryFn: ({ signal }) => api<VendorDashboard>(`/api/vendor/dashboard?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
  });

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** "+12% on the previous 7 days", or the plain figure when there was nothing to compare with. */
function Change({ now, before, period }: { now: number; before: number; period: string }) {
  if (before === 0)
    return <p className="mt-0.5 text-xs text-slate-600">{now === 0 ? 'None in either period' : `None in the previous ${period}`}</p>;
  const change = Math.round(((now - before) * 100) / before);
  const Icon = change >= 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <p className={cn('mt-0.5 flex items-center gap-0.5 text-xs', change >= 0 ? 'text-green-800' : 'text-red-700')}>
      <Icon aria-hidden="true" className="size-3.5" />
      {change >= 0 ? '+' : '−'}
      {Math.abs(change)}% on the previous {period}
    </p>
  );
}

function Card({ label, value, now, before, period }: { label: string; value: string; now: number; before: number; period: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd>
        <p className="mt-1 text-lg font-bold break-words text-slate-900 tabular-nums sm:text-2xl">{value}</p>
        <Change now={now} before={before} period={period} />
      </dd>
    </div>
  );
}

function Figures({ current, previous, period }: { current: DashboardFigures; previous: DashboardFigures; period: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <Card
        label="Sales (GST included)"
        value={formatPaise(current.salesPaise)}
        now={current.salesPaise}
        before={previous.salesPaise}
        period={period}
      />
      <Card
        label="Sales before GST"
        value={formatPaise(current.netSalesPaise)}
        now={current.netSalesPaise}
        before={previous.netSalesPaise}
        period={period}
      />
      <Card label="Orders" value={formatCount(current.orders)} now={current.orders} before={previous.orders} period={period} />
      <Card label="Units sold" value={formatCount(current.units)} now={current.units} before={previous.units} period={period} />
      <Card
        label="Average order"
        value={formatPaise(current.averageOrderPaise)}
        now={current.averageOrderPaise}
        before={previous.averageOrderPaise}
        period={period}
      />
      <Card
        label="Returns asked for"
        value={formatCount(current.returns)}
        now={current.returns}
        before={previous.returns}
        period={period}
      />
    </dl>
  );
}

function Todo({ todo }: { todo: VendorDashboard['todo'] }) {
  const items: { label: string; count: number; to: string; icon: ReactNode; urgent?: boolean }[] = [
    { label: 'Orders to pack', count: todo.toPack, to: `${paths.vendor.orders}?todo=pack`, icon: <Package /> },
    { label: 'Packed, to ship', count: todo.toShip, to: `${paths.vendor.orders}?todo=ship`, icon: <Send /> },
    {
      label: 'Late to ship (over 2 days)',
      count: todo.lateToShip,
      to: `${paths.vendor.orders}?todo=late&sort=orderDate`,
      icon: <AlertTriangle />,
      urgent: true,
    },
    { label: 'Returns to receive', count: todo.returnsToReceive, to: `${paths.vendor.orders}?todo=return`, icon: <Undo2 /> },
    { label: 'Low on stock', count: todo.lowStock, to: `${paths.vendor.products}?status=active&stock=low`, icon: <PackageCheck /> },
    {
      label: 'Out of stock',
      count: todo.outOfStock,
      to: `${paths.vendor.products}?status=active&stock=out`,
      icon: <PackageCheck />,
      urgent: true,
    },
    { label: 'Drafts to finish', count: todo.drafts, to: `${paths.vendor.products}?status=draft`, icon: <PackageCheck /> },
  ];
  return (
    <section aria-labelledby="todo-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="todo-heading" className="font-semibold text-slate-900">
        To do
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.label}>
            <Link to={item.to} className="flex items-center gap-3 py-2 text-sm hover:text-brand-700">
              <span aria-hidden="true" className={cn('[&>svg]:size-4', item.urgent && item.count > 0 ? 'text-red-700' : 'text-slate-500')}>
                {item.icon}
              </span>
              <span className="flex-1">{item.label}</span>
              <span className={cn('font-semibold tabular-nums', item.urgent && item.count > 0 ? 'text-red-700' : 'text-slate-900')}>
                {formatCount(item.count)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TopProducts({ products }: { products: VendorDashboard['topProducts'] }) {
  return (
    <section aria-labelledby="top-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="top-heading" className="font-semibold text-slate-900">
        Top products
      </h2>
      {products.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No sales in this period yet.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Your best-selling products in this period</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Product
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Units
              </th>
              <th scope="col" className="py-1 pl-4 text-right font-medium">
                Sales
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.productId} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  <Link to={paths.vendorProduct(p.productId)} className="text-brand-700 hover:underline">
                    {p.name}
                  </Link>
                </th>
                <td className="py-1.5 text-right tabular-nums">{formatCount(p.units)}</td>
                <td className="py-1.5 pl-4 text-right whitespace-nowrap tabular-nums">{formatPaise(p.salesPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function RecentOrders({ orders }: { orders: VendorDashboard['recentOrders'] }) {
  return (
    <section aria-labelledby="recent-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between">
        <h2 id="recent-heading" className="font-semibold text-slate-900">
          Recent orders
        </h2>
        <Link to={paths.vendor.orders} className="text-sm text-brand-700 underline">
          All orders
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No orders yet. They appear here as soon as a customer confirms one.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{o.orderNumber}</span>{' '}
                <span className="text-slate-600">
                  · {formatDate(o.orderDate)} · {o.shipTo.city}
                </span>
              </span>
              <div className="flex items-center gap-3">
                <span className="text-slate-700">{ORDER_STATUS_LABELS[o.status]}</span>
                <div className="text-right">
                  <p className="font-medium tabular-nums">{formatPaise(o.amountPaise)}</p>
                  {/* As the orders list says it: the coupon's share came off the seller's amount. */}
                  <CouponShareNote paise={o.couponSharePaise} code={o.couponCode} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The approved vendor's dashboard: a range (today, 7 or 30 days, kept in the address), its figures
 * beside the period before, daily sales of both as bars, what waits, top products, recent orders.
 */
export function VendorDashboardPanel({ range, onRange }: { range: DashboardRange; onRange: (range: DashboardRange) => void }) {
  const dashboard = useVendorDashboard(range);
  const period = range === 'today' ? 'day' : DASHBOARD_RANGE_LABELS[range];
  const d = dashboard.data;
  return (
    <div className="space-y-6">
      <div role="group" aria-label="Period" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {DASHBOARD_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={r === range}
            onClick={() => onRange(r)}
            className={cn('rounded-md px-3 py-1.5 text-sm', r === range ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')}
          >
            {DASHBOARD_RANGE_LABELS[r]}
          </button>
        ))}
      </div>
      {dashboard.isPending && (
        <div aria-busy="true" aria-label="Loading your figures" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      )}
      {dashboard.isError && (
        <ErrorState title="Your figures could not be loaded" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      )}
      {d && (
        <div className={cn('space-y-6', dashboard.isPlaceholderData && 'opacity-60')} aria-busy={dashboard.isPlaceholderData || undefined}>
          <section aria-label="Your figures">
            <p className="mb-2 text-sm text-slate-600">
              {d.period.from === d.period.to ? dayLabel(d.period.from) : `${dayLabel(d.period.from)} – ${dayLabel(d.period.to)}`}, beside{' '}
              {d.previousPeriod.from === d.previousPeriod.to
                ? dayLabel(d.previousPeriod.from)
                : `${dayLabel(d.previousPeriod.from)} – ${dayLabel(d.previousPeriod.to)}`}
            </p>
            <Figures current={d.current} previous={d.previous} period={period} />
          </section>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 lg:col-span-2">
              {d.current.salesPaise === 0 && d.previous.salesPaise === 0 ? (
                <EmptyState title="No sales in these periods">Sales of your products will show here day by day.</EmptyState>
              ) : (
                <BarChart
                  title={`Daily sales, ${DASHBOARD_RANGE_LABELS[range].toLowerCase()}, beside the previous ${period}`}
                  data={d.daily.map((x) => ({ label: x.day, value: x.salesPaise / 100, previous: x.previousSalesPaise / 100 }))}
                  formatLabel={dayLabel}
                  formatValue={(v) => formatPaise(Math.round(v * 100)).replace(/\.00$/, '')}
                  valueLabel="Sales"
                  previousLabel={`Previous ${period}`}
                />
              )}
            </div>
            <Todo todo={d.todo} />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <TopProducts products={d.topProducts} />
            <RecentOrders orders={d.recentOrders} />
          </div>
        </div>
      )}
    </div>
  );
}

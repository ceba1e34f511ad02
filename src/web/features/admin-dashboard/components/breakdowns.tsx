import { formatPaise } from '~/shared/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders';
import type { AdminDashboard } from '~/shared/schemas/dashboard';
import { BarChart } from '~/web/components/charts/bar-chart';
import { formatCount } from '~/web/lib/format';
import { rupees } from './format';

const statusLabel = (s: string) => ORDER_STATUS_LABELS[s as OrderStatus] ?? s;

function Panel({ children }: { children: React.ReactNode }) {
  return <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">{children}</div>;
}

/** A top-10 list as a table, each row with a bar in proportion to the first (the table is the text alternative itself). */
function RankedTable({
  title,
  rows,
  nameHeading,
  empty,
}: {
  title: string;
  rows: { key: string; name: string; amountPaise: number; orders: number }[];
  nameHeading: string;
  empty: string;
}) {
  const top = Math.max(1, ...rows.map((r) => r.amountPaise));
  return (
    <Panel>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th scope="col" className="py-1 font-medium">
                {nameHeading}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Orders
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  <span className="block break-words">{r.name}</span>
                  <span aria-hidden="true" className="mt-1 block h-1.5 rounded bg-slate-100">
                    <span className="bg-brand-500 block h-1.5 rounded" style={{ width: `${Math.max(2, (r.amountPaise * 100) / top)}%` }} />
                  </span>
                </th>
                <td className="py-1.5 text-right align-top tabular-nums">{formatCount(r.orders)}</td>
                <td className="py-1.5 pl-2 text-right align-top whitespace-nowrap tabular-nums">{formatPaise(r.amountPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/** The period's orders by status, items sold by category, and the top vendors and states of delivery. */
export function Breakdowns({ d }: { d: AdminDashboard }) {
  return (
    <section aria-labelledby="breakdowns-heading" className="space-y-3">
      <h2 id="breakdowns-heading" className="font-semibold text-slate-900">
        Breakdowns of the period
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel>
          {d.byStatus.length === 0 ? (
            <p className="text-sm text-slate-600">No confirmed orders in this period.</p>
          ) : (
            <BarChart
              title="Orders by status now"
              data={d.byStatus.map((s) => ({ label: s.status, value: s.orders }))}
              formatLabel={statusLabel}
              formatValue={formatCount}
              valueLabel="Orders"
              labelHeading="Status"
            />
          )}
        </Panel>
        <Panel>
          {d.byCategory.length === 0 ? (
            <p className="text-sm text-slate-600">No items sold in this period.</p>
          ) : (
            <BarChart
              title="Sales by category"
              data={d.byCategory.map((c) => ({ label: c.category, value: Math.round(c.salesPaise / 100) }))}
              formatValue={(v) => rupees(v * 100)}
              valueLabel="Sales"
              labelHeading="Category"
            />
          )}
        </Panel>
        <RankedTable
          title="Top vendors by sales"
          nameHeading="Vendor"
          rows={d.byVendor.map((v) => ({ key: v.vendorId, name: v.name, amountPaise: v.salesPaise, orders: v.orders }))}
          empty="No items sold in this period."
        />
        <RankedTable
          title="Top states of delivery by GMV"
          nameHeading="State"
          rows={d.byState.map((s) => ({ key: s.state, name: s.state, amountPaise: s.gmvPaise, orders: s.orders }))}
          empty="No confirmed orders in this period."
        />
      </div>
      <p className="text-xs text-slate-600">
        Sales by category and vendor: items’ value after coupons, GST included; cancelled items and cancelled or refunded orders are left
        out. States: GMV of the orders delivered there.
      </p>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { ReturnsReport } from '~/shared/schemas/reports';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { formatCount, formatDate, formatMonth } from '~/web/lib/format';
import { returnsReportQueryOptions, type ReportFilter } from '../api/report-queries';
import { ReportState } from './report-state';
import { ReportTable } from './report-table';

type Row = ReturnsReport['rows'][number];
type SellerRow = ReturnsReport['bySeller'][number];

const units = (n: number) => (n === 1 ? '1 unit' : `${formatCount(n)} units`);

/**
 * The returns sellers received in a month: each back in stock or written off, with what its units
 * sold for. A written-off unit is a loss the shop or the seller claims from the courier or the brand.
 */
export function ReturnsReportView({ filter }: { filter: ReportFilter }) {
  const query = useQuery(returnsReportQueryOptions(filter));
  return (
    <ReportState query={query} label="returns report">
      {(r) => (
        <>
          <p className="mb-4 text-sm text-slate-700">
            {r.totals.returns === 0
              ? `No returns received in ${formatMonth(r.month)}${r.seller ? ` by ${r.seller.name}` : ''}.`
              : `${formatCount(r.totals.returns)} ${r.totals.returns === 1 ? 'return' : 'returns'} (${units(r.totals.units)}) received in ${formatMonth(r.month)}${r.seller ? ` by ${r.seller.name}` : ''}: ${formatPaise(r.totals.resellablePaise)} back in stock, ${formatPaise(r.totals.damagedPaise)} written off.`}{' '}
            Values are what the customers paid for the units returned: their price after their share of any coupon, GST included.
            Written-off units are the ones to claim from the courier or the brand.
          </p>
          <ReportTable<Row>
            caption={`Returns received, ${formatMonth(r.month)}`}
            rows={r.rows}
            rowKey={(x) => `${x.orderId}-${x.vendorId}`}
            empty="No seller received a return in this month."
            columns={[
              { header: 'Received', cell: (x) => formatDate(x.receivedAt) },
              {
                header: 'Order',
                cell: (x) => (
                  <Link to={paths.adminOrder(x.orderId)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    {x.orderNumber}
                  </Link>
                ),
              },
              ...(r.seller ? [] : [{ header: 'Seller', cell: (x: Row) => x.sellerName, wrap: true }]),
              {
                header: 'Items',
                cell: (x) => (
                  <ul>
                    {x.items.map((i) => (
                      <li key={i.name}>
                        {i.quantity} × {i.name}
                      </li>
                    ))}
                  </ul>
                ),
                wrap: true,
              },
              {
                header: 'Condition',
                cell: (x) => <StatusBadge of="return" status={x.condition} />,
              },
              { header: 'Value', money: (x) => x.valuePaise },
              { header: 'Refunded', cell: (x) => (x.refundedAt ? formatDate(x.refundedAt) : 'Not yet') },
              { header: 'Reason', cell: (x) => <span className="block max-w-xs">{x.reason ?? '—'}</span>, wrap: true },
            ]}
          />
          <ReportTable<SellerRow>
            caption="By seller"
            rows={r.bySeller}
            rowKey={(x) => x.vendorId}
            empty="No seller received a return in this month."
            columns={[
              { header: 'Seller', cell: (x) => x.sellerName, wrap: true },
              { header: 'Returns', cell: (x) => formatCount(x.returns), numeric: true },
              { header: 'Units', cell: (x) => formatCount(x.units), numeric: true },
              { header: 'Back in stock', cell: (x) => units(x.resellableUnits), numeric: true },
              { header: 'Value back in stock', money: (x) => x.resellablePaise },
              { header: 'Written off', cell: (x) => units(x.damagedUnits), numeric: true },
              { header: 'Value written off', money: (x) => x.damagedPaise },
            ]}
            totals={r.bySeller.length > 1 ? [{ label: 'Total', row: { ...r.totals, vendorId: '', sellerName: '' } }] : []}
          />
        </>
      )}
    </ReportState>
  );
}

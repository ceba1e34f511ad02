import { useQuery } from '@tanstack/react-query';
import type { PayoutsReport } from '~/shared/schemas/reports';
import { formatCount, formatMonth } from '~/web/lib/format';
import { payoutsReportQueryOptions } from '../api/report-queries';
import { ReportState } from './report-state';
import { ReportTable } from './report-table';

type Row = PayoutsReport['rows'][number];

/** Each seller's lines delivered in a month: sales, what the marketplace kept, net, paid and outstanding. */
export function PayoutsReportView({ month }: { month: string | undefined }) {
  const query = useQuery(payoutsReportQueryOptions(month));
  return (
    <ReportState query={query} label="payouts report">
      {(r) => (
        <ReportTable<Row>
          caption={`Payouts, ${formatMonth(r.month)}`}
          rows={r.rows}
          rowKey={(x) => x.vendorId}
          empty="No lines delivered in this month."
          columns={[
            {
              header: 'Seller',
              cell: (x) =>
                x.ownStore ? (
                  <>
                    {x.sellerName}
                    <span className="block text-xs text-slate-600">Own store: no commission, TCS or TDS</span>
                  </>
                ) : (
                  x.sellerName
                ),
              wrap: true,
            },
            { header: 'Lines', cell: (x) => formatCount(x.lines), numeric: true },
            { header: 'Sales', money: (x) => x.salePaise },
            { header: 'Commission', money: (x) => x.commissionPaise },
            { header: 'GST on commission', money: (x) => x.commissionGstPaise },
            { header: 'TCS', money: (x) => x.tcsPaise },
            { header: 'TDS', money: (x) => x.tdsPaise },
            { header: 'Net', money: (x) => x.netPaise },
            { header: 'Paid', money: (x) => x.paidPaise },
            { header: 'Outstanding', money: (x) => x.outstandingPaise },
          ]}
          totals={
            r.rows.length ? [{ label: 'Total', row: { ...r.totals, vendorId: '', sellerName: '', gstin: null, ownStore: false } }] : []
          }
        />
      )}
    </ReportState>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { TcsReport } from '~/shared/schemas/reports';
import { formatMonth } from '~/web/lib/format';
import { tcsQueryOptions } from '../api/report-queries';
import { ReportState } from './report-state';
import { ReportTable } from './report-table';

type Row = TcsReport['rows'][number];

/** GSTR-8: the TCS the marketplace collected in a month, per seller GSTIN, from the vendor ledger. */
export function TcsReportView({ month }: { month: string | undefined }) {
  const query = useQuery(tcsQueryOptions(month));
  return (
    <ReportState query={query} label="TCS report">
      {(r) => (
        <>
          <p className="mb-4 text-sm text-slate-700">
            TCS under section 52 of the CGST Act at {r.rateBp / 100}% of the net value: CGST + SGST within the seller’s state, IGST across
            states. Supplies count in the month they were delivered, returns in the month they were refunded — as in the payouts ledger.
          </p>
          <ReportTable<Row>
            caption={`TCS (GSTR-8), ${formatMonth(r.month)}`}
            rows={r.rows}
            rowKey={(x) => x.vendorId}
            empty="No supplies delivered or returned in this month."
            columns={[
              { header: 'GSTIN', cell: (x) => x.gstin ?? 'Not given' },
              { header: 'Seller', cell: (x) => x.sellerName, wrap: true },
              { header: 'Gross value', money: (x) => x.grossPaise },
              { header: 'Returns', money: (x) => x.returnsPaise },
              { header: 'Net value', money: (x) => x.netPaise },
              { header: 'IGST', money: (x) => x.tcsIgstPaise },
              { header: 'CGST', money: (x) => x.tcsCgstPaise },
              { header: 'SGST', money: (x) => x.tcsSgstPaise },
              { header: 'TCS', money: (x) => x.tcsPaise },
            ]}
            totals={r.rows.length ? [{ label: 'Total', row: { ...r.totals, vendorId: '', sellerName: '', gstin: null } }] : []}
          />
        </>
      )}
    </ReportState>
  );
}

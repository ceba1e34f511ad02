import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { lastCompleteMonth } from '~/shared/schemas/reports';
import { PageHeader } from '~/web/components/ui/page-header';
import {
  gstSalesQueryOptions,
  reportCsvUrl,
  REPORTS,
  returnsReportQueryOptions,
  SELLER_REPORTS,
  type ReportName,
} from '~/web/features/admin-reports/api/report-queries';
import { GstSalesReportView } from '~/web/features/admin-reports/components/gst-sales-report';
import { PayoutsReportView } from '~/web/features/admin-reports/components/payouts-report';
import { ReportFilters } from '~/web/features/admin-reports/components/report-filters';
import { ReturnsReportView } from '~/web/features/admin-reports/components/returns-report';
import { TcsReportView } from '~/web/features/admin-reports/components/tcs-report';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const TITLES: Record<ReportName, string> = {
  'gst-sales': 'GST sales (GSTR-1)',
  tcs: 'TCS (GSTR-8)',
  payouts: 'Payouts',
  returns: 'Returns',
};

/** The month's GST sales, TCS, payouts and returns reports, on screen and as CSV (state in the URL). */
export default function ReportsPage() {
  useDocumentTitle('Reports');
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => new Date());
  const report: ReportName = (REPORTS as readonly string[]).includes(params.get('report') ?? '')
    ? (params.get('report') as ReportName)
    : 'gst-sales';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(params.get('month') ?? '') ? params.get('month')! : lastCompleteMonth(today);
  const bySeller = SELLER_REPORTS.includes(report);
  const vendor = (bySeller && params.get('vendor')) || undefined;
  const filter = { month, vendor };
  // The sellers to choose from come with the month's report of every seller (the same query as its view).
  const gstSellers = useQuery({ ...gstSalesQueryOptions({ month }), enabled: report === 'gst-sales' }).data?.sellers;
  const returnSellers = useQuery({ ...returnsReportQueryOptions({ month }), enabled: report === 'returns' }).data?.sellers;
  const sellers = report === 'returns' ? returnSellers : gstSellers;
  const maxMonth = new Date(today.getTime() + 330 * 60_000).toISOString().slice(0, 7);

  const set = (changes: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  const linkTo = (name: ReportName) => {
    const next = new URLSearchParams(params);
    next.set('report', name);
    return `?${next.toString()}`;
  };

  return (
    <>
      <PageHeader
        title="Reports"
        description="A month’s GST sales, TCS, payouts and returns, reconciled to the paisa with the orders and the vendor ledger. Months are in India time."
      />
      <nav aria-label="Reports" className="mb-4 flex flex-wrap gap-2">
        {REPORTS.map((name) => (
          <Link
            key={name}
            to={linkTo(name)}
            aria-current={name === report ? 'page' : undefined}
            className={`rounded-full px-4 py-2 text-sm font-medium ${name === report ? 'bg-brand-700 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100'}`}
          >
            {TITLES[name]}
          </Link>
        ))}
      </nav>
      <ReportFilters
        month={month}
        maxMonth={maxMonth}
        onMonth={(m) => set({ month: m })}
        sellers={bySeller ? (sellers ?? []) : undefined}
        vendor={vendor}
        onVendor={bySeller ? (v) => set({ vendor: v }) : undefined}
        csvUrl={reportCsvUrl(report, filter)}
        csvLabel={`${TITLES[report]} report`}
      />
      {report === 'gst-sales' && <GstSalesReportView filter={filter} />}
      {report === 'tcs' && <TcsReportView month={month} />}
      {report === 'payouts' && <PayoutsReportView month={month} />}
      {report === 'returns' && <ReturnsReportView filter={filter} />}
    </>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatPaise } from '~/shared/money';
import { ledgerQuerySchema, type LedgerEntry, type LedgerQuery, type LedgerResponse, type VendorPayouts } from '~/shared/schemas/payouts';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { EmptyState, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { api } from '~/web/lib/api-client';
import { formatCount, formatDate } from '~/web/lib/format';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';

const percent = (bp: number) => `${(bp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;
const STATE_LABELS: Record<LedgerEntry['state'], { label: string; tone: 'neutral' | 'success' | 'warning' | 'brand' }> = {
  in_return_window: { label: 'In return window', tone: 'warning' },
  payable: { label: 'Payable', tone: 'brand' },
  in_payout: { label: 'In a payout', tone: 'success' },
  return_requested: { label: 'Return requested', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  reversed: { label: 'Returned', tone: 'neutral' },
};

function Figure({ label, paise, note }: { label: string; paise: number; note: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd>
        <p className="mt-1 text-lg font-bold break-words text-slate-900 tabular-nums sm:text-2xl">{formatPaise(paise)}</p>
        <p className="mt-0.5 text-xs text-slate-600">{note}</p>
      </dd>
    </div>
  );
}

const LEDGER_COLUMNS: DataTableColumn<LedgerEntry>[] = [
  { id: 'delivered', header: 'Delivered', className: 'whitespace-nowrap', cell: (e) => formatDate(e.deliveredAt) },
  { id: 'order', header: 'Order', rowHeader: true, cell: (e) => <span className="font-medium whitespace-nowrap">{e.orderNumber}</span> },
  { id: 'line', header: 'Items', cell: (e) => `${formatCount(e.quantity)} × ${e.category}` },
  { id: 'sale', header: 'Sale', align: 'right', className: 'tabular-nums whitespace-nowrap', cell: (e) => formatPaise(e.salePaise) },
  {
    id: 'commission',
    header: 'Commission + GST',
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    cell: (e) => (
      <>
        {formatPaise(e.commissionPaise + e.commissionGstPaise)}
        <p className="text-xs text-slate-600">{percent(e.commissionRateBp)} + 18% GST</p>
      </>
    ),
  },
  { id: 'tcs', header: 'TCS', align: 'right', className: 'tabular-nums whitespace-nowrap', cell: (e) => formatPaise(e.tcsPaise) },
  { id: 'tds', header: 'TDS', align: 'right', className: 'tabular-nums whitespace-nowrap', cell: (e) => formatPaise(e.tdsPaise) },
  {
    id: 'net',
    header: 'You get',
    align: 'right',
    className: 'tabular-nums whitespace-nowrap font-semibold',
    cell: (e) => formatPaise(e.netPaise),
  },
  {
    id: 'state',
    header: 'State',
    cell: (e) => (
      <>
        <Badge tone={STATE_LABELS[e.state].tone}>{STATE_LABELS[e.state].label}</Badge>
        {e.state === 'in_return_window' && <p className="text-xs text-slate-600">Payable from {formatDate(e.payableAt)}</p>}
      </>
    ),
  },
];

function Ledger() {
  const { state, set } = useUrlListState(ledgerQuerySchema);
  const ledger = useQuery({
    queryKey: ['vendor', 'payouts', 'ledger', state],
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({
        page: String(state.page),
        pageSize: String(state.pageSize),
        ...(state.month ? { month: state.month } : {}),
      });
      return api<LedgerResponse>(`/api/vendor/payouts/ledger?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="ledger-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="ledger-heading" className="text-lg font-semibold text-slate-900">
          Ledger
        </h2>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Month
          <input
            type="month"
            value={state.month ?? ''}
            onChange={(e) => set({ month: e.target.value || undefined } as Partial<LedgerQuery>)}
            className="rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
        </label>
      </div>
      <DataTable<LedgerEntry>
        caption={`Your delivered lines${ledger.data ? ` (${ledger.data.total} in all)` : ''}`}
        columns={LEDGER_COLUMNS}
        rowKey={(e) => e.id}
        query={ledger}
        loadingLabel="Loading your ledger"
        errorTitle="Your ledger could not be loaded"
        empty={
          <EmptyState icon={<Wallet />} title="Nothing delivered yet">
            Each line of yours that reaches a customer appears here with what you get for it.
          </EmptyState>
        }
        onPageChange={(page) => set({ page })}
        paginationLabel="Ledger pages"
        minWidth="56rem"
      />
    </section>
  );
}

function Statement() {
  const thisMonth = useMemo(
    () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date()).slice(0, 7),
    [],
  );
  const [month, setMonth] = useState(thisMonth);
  return (
    <section aria-labelledby="statement-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="statement-heading" className="font-semibold text-slate-900">
        Monthly statement
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every line delivered in the month with its deductions and totals, as a CSV for your accountant.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Statement month
          <input
            type="month"
            value={month}
            max={thisMonth}
            onChange={(e) => setMonth(e.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
        </label>
        <a
          href={`/api/vendor/payouts/statements/${month}.csv`}
          download
          className="inline-flex h-10 items-center gap-1 rounded-md bg-brand-700 px-4 text-sm text-white hover:bg-brand-800"
        >
          <Download aria-hidden="true" className="size-4" /> Download statement (CSV)
        </a>
      </div>
    </section>
  );
}

/** What the vendor is owed and has been paid: the figures, the rates and their law, the weekly payouts, the ledger. */
export function VendorPayoutsPanel() {
  const payouts = useQuery({
    queryKey: ['vendor', 'payouts'],
    queryFn: ({ signal }) => api<VendorPayouts>('/api/vendor/payouts', { signal }),
  });
  const d = payouts.data;
  return (
    <div className="space-y-6">
      {payouts.isPending && (
        <div aria-busy="true" aria-label="Loading your payouts" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      )}
      {payouts.isError && (
        <ErrorState title="Your payouts could not be loaded" error={payouts.error} onRetry={() => void payouts.refetch()} />
      )}
      {d && (
        <>
          <dl aria-label="Your money" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure
              label="In the return window"
              paise={d.summary.inReturnWindowPaise}
              note="Delivered; payable once the 7-day return window closes"
            />
            <Figure label="Payable" paise={d.summary.payableNowPaise - d.summary.inPayoutPaise} note="Goes into the next weekly payout" />
            <Figure label="In a payout" paise={d.summary.inPayoutPaise} note="Settled; the bank transfer follows" />
            <Figure label="Paid to you" paise={d.summary.paidPaise} note="Transferred to your bank account" />
          </dl>
          <section aria-labelledby="rates-heading" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <h2 id="rates-heading" className="font-semibold text-slate-900">
              What is deducted
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              <li>
                Commission on the sale value (GST included):{' '}
                {d.rates.commission.map((c) => `${c.category} ${percent(c.rateBp)}`).join(', ')}; GST of {percent(d.rates.commissionGst.bp)}{' '}
                on the commission.
              </li>
              <li>TCS of {percent(d.rates.tcs.bp)} of the value before GST (section 52 of the CGST Act), credited to your GSTIN.</li>
              <li>
                TDS of {percent(d.rates.tds.bp)} of the sale value (section 194-O of the Income-tax Act; {percent(d.rates.tdsWithoutPan.bp)}{' '}
                without a PAN), credited to your PAN.
              </li>
            </ul>
          </section>
          <section aria-labelledby="payouts-heading" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="payouts-heading" className="font-semibold text-slate-900">
              Weekly payouts
            </h2>
            {d.payouts.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">
                No payouts yet: lines are settled every week once their return window has closed.
              </p>
            ) : (
              <div className="mt-2 overflow-x-auto">
                <table className="w-full min-w-[36rem] text-sm">
                  <caption className="sr-only">Your weekly payouts</caption>
                  <thead>
                    <tr className="text-left text-xs text-slate-600">
                      <th scope="col" className="py-1">
                        Week
                      </th>
                      <th scope="col" className="py-1 text-right">
                        Lines
                      </th>
                      <th scope="col" className="py-1 text-right">
                        Sales
                      </th>
                      <th scope="col" className="py-1 text-right">
                        Deductions
                      </th>
                      <th scope="col" className="py-1 text-right">
                        You get
                      </th>
                      <th scope="col" className="py-1 pl-3">
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.payouts.map((p) => (
                      <tr key={p.id} className="border-t border-slate-100">
                        <th scope="row" className="py-1.5 text-left font-normal whitespace-nowrap">
                          {formatDate(p.periodStart)} – {formatDate(p.periodEnd)}
                        </th>
                        <td className="py-1.5 text-right tabular-nums">{formatCount(p.entries)}</td>
                        <td className="py-1.5 text-right tabular-nums">{formatPaise(p.salePaise)}</td>
                        <td className="py-1.5 text-right tabular-nums">
                          {formatPaise(p.commissionPaise + p.commissionGstPaise + p.tcsPaise + p.tdsPaise)}
                        </td>
                        <td className="py-1.5 text-right font-semibold tabular-nums">{formatPaise(p.netPaise)}</td>
                        <td className="py-1.5 pl-3">
                          {p.status === 'paid' ? (
                            <span>
                              <Badge tone="success">Paid</Badge> <span className="text-xs text-slate-600">UTR {p.bankReference}</span>
                            </span>
                          ) : (
                            <Badge tone="warning">To be paid</Badge>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <Statement />
          <Ledger />
        </>
      )}
    </div>
  );
}

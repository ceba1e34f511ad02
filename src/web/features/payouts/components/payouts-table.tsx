import { Wallet } from 'lucide-react';
import { formatPaise } from '~/shared/money';
import { PAYOUT_STATUS_LABELS, type Payout, type VendorPayouts } from '~/shared/schemas/payouts';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { formatCount, formatDate } from '~/web/lib/format';
import { usePayoutDetail } from '../api/payouts-queries';

const deductions = (p: Pick<Payout, 'commissionPaise' | 'commissionGstPaise' | 'tcsPaise' | 'tdsPaise'>) =>
  p.commissionPaise + p.commissionGstPaise + p.tcsPaise + p.tdsPaise;
const week = (p: Payout) => `${formatDate(p.periodStart)} – ${formatDate(p.periodEnd)}`;

const COLUMNS: DataTableColumn<Payout>[] = [
  {
    id: 'week',
    header: 'Week',
    rowHeader: true,
    className: 'whitespace-nowrap font-medium text-slate-900',
    cell: (p) => (
      <>
        {week(p)}
        {/* A phone shows the week's figure beside its name, before the table is scrolled sideways. */}
        <span className="block text-xs font-normal text-slate-600 sm:hidden">
          {formatPaise(p.netPaise)} · {PAYOUT_STATUS_LABELS[p.status]}
        </span>
      </>
    ),
  },
  { id: 'lines', header: 'Lines', align: 'right', className: 'tabular-nums', cell: (p) => formatCount(p.entries) },
  { id: 'sale', header: 'Sales', align: 'right', className: 'tabular-nums whitespace-nowrap', cell: (p) => formatPaise(p.salePaise) },
  {
    id: 'deductions',
    header: 'Deductions',
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    cell: (p) => `− ${formatPaise(deductions(p))}`,
  },
  {
    id: 'net',
    header: 'You get',
    align: 'right',
    className: 'tabular-nums whitespace-nowrap font-semibold text-slate-900',
    cell: (p) => formatPaise(p.netPaise),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (p) =>
      p.status === 'paid' ? (
        <>
          <StatusBadge of="payout" status="paid" />
          <p className="mt-1 text-xs whitespace-nowrap text-slate-600">on {formatDate(p.paidAt!)}</p>
          <p className="text-xs whitespace-nowrap text-slate-600">
            UTR <span className="font-mono">{p.bankReference}</span>
          </p>
        </>
      ) : (
        <StatusBadge of="payout" status="pending" />
      ),
  },
];

/** A payout's lines and its figures, opened under its row. */
function PayoutLines({ payout }: { payout: Payout }) {
  const detail = usePayoutDetail(payout.id);
  if (detail.isPending) return <ListSkeleton rows={2} label={`Loading the lines of the week ${week(payout)}`} />;
  if (detail.isError)
    return <ErrorState title="The lines of this payout could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <div className="space-y-2 pt-2 text-sm">
      <p className="text-slate-700">
        Commission {formatPaise(payout.commissionPaise)} · GST on it {formatPaise(payout.commissionGstPaise)} · TCS{' '}
        {formatPaise(payout.tcsPaise)} · TDS {formatPaise(payout.tdsPaise)}
        {payout.courierChargePaise > 0 && ` · Courier charges ${formatPaise(payout.courierChargePaise)}`}
      </p>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {detail.data.entries.map((e) => (
          <li key={e.id} className="flex flex-wrap justify-between gap-x-4 px-3 py-2">
            {e.kind === 'refund' ? (
              <span className="text-rose-800">
                {e.description} · refunded {formatDate(e.deliveredAt)}
              </span>
            ) : e.kind === 'courier' ? (
              <span className="text-rose-800">
                {e.description} · booked {formatDate(e.deliveredAt)} · GST {formatPaise(e.courierChargeGstPaise)}
              </span>
            ) : (
              <span>
                <span className="font-medium text-slate-900">{e.orderNumber}</span> · {formatCount(e.quantity)} × {e.category} · delivered{' '}
                {formatDate(e.deliveredAt)}
              </span>
            )}
            <span className="tabular-nums">
              {formatPaise(e.salePaise)} → <strong>{formatPaise(e.netPaise)}</strong>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface PayoutsTableProps {
  query: { data: VendorPayouts | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}

/** The vendor's weekly payouts, newest first; a row opens to its lines. */
export function PayoutsTable({ query }: PayoutsTableProps) {
  const list = query.data?.payouts;
  return (
    <section aria-labelledby="payouts-heading" className="space-y-3">
      <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
        Weekly payouts
      </h2>
      <DataTable<Payout>
        caption="Your weekly payouts"
        columns={COLUMNS}
        rowKey={(p) => p.id}
        query={{
          ...query,
          data: list ? { items: list, total: list.length, page: 1, pageSize: Math.max(list.length, 1) } : undefined,
        }}
        loadingLabel="Loading your payouts"
        errorTitle="Your payouts could not be loaded"
        empty={
          <EmptyState icon={<Wallet />} title="No payouts yet">
            Every Monday the lines whose return window closed the week before are settled into a payout.
          </EmptyState>
        }
        onPageChange={() => undefined}
        paginationLabel="Payout pages"
        details={{ render: (p) => <PayoutLines payout={p} />, label: (p) => `Lines of the payout for ${week(p)}` }}
        minWidth="44rem"
        phoneCards
      />
    </section>
  );
}

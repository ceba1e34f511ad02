import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { AdminRefundRow, AdminRefundsResponse } from '~/shared/schemas/payments';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { OneLine } from '~/web/components/ui/one-line';
import { formatCount, formatDate, formatDateTime } from '~/web/lib/format';
import { refundsQueryOptions, type RefundsFilter } from '../api/payments-queries';
import { methodLabel } from './payments-table';

const REFUND_COLUMNS: DataTableColumn<AdminRefundRow>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    className: 'whitespace-nowrap text-slate-700',
    cell: (r) => <span title={formatDateTime(r.createdAt)}>{formatDate(r.createdAt)}</span>,
  },
  {
    id: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (r) => (
      <Link to={paths.adminOrder(r.orderId)} className="font-medium whitespace-nowrap text-brand-700 underline">
        {r.orderNumber}
      </Link>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (r) => (
      <>
        <p className="font-medium text-slate-900">{r.customerName}</p>
        <OneLine className="text-slate-600">{r.customerEmail}</OneLine>
      </>
    ),
  },
  { id: 'method', header: 'Paid by', cell: (r) => methodLabel(r.method) },
  { id: 'status', header: 'Status', cell: (r) => <StatusBadge of="refund" status={r.status} /> },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    className: 'whitespace-nowrap text-slate-900 tabular-nums',
    cell: (r) => formatPaise(r.amountPaise),
  },
  { id: 'reason', header: 'Reason', className: 'min-w-[10rem] text-slate-700', cell: (r) => r.reason },
  {
    id: 'providerRefundId',
    header: 'Provider reference',
    className: 'font-mono text-xs text-slate-700',
    cell: (r) => (r.providerRefundId ? <OneLine>{r.providerRefundId}</OneLine> : <span className="font-sans text-slate-400">—</span>),
  },
];

function RefundsSummary({ summary, total }: { summary: AdminRefundsResponse['summary']; total: number }) {
  const cards = [
    { label: 'Refunded', value: formatPaise(summary.amountPaise), note: `${formatCount(total)} refunds` },
    { label: 'Pending', value: formatCount(summary.pendingCount), note: 'Not confirmed by the provider yet' },
    { label: 'Failed', value: formatCount(summary.failedCount), note: 'Need another try from the order page' },
  ];
  return (
    <section aria-labelledby="refunds-summary-heading" className="mb-6">
      <h2 id="refunds-summary-heading" className="sr-only">
        Summary of these refunds
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="refunds-summary-card">
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums sm:text-xl">{card.value}</dd>
            <dd className="mt-0.5 text-xs text-slate-600">{card.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Every refund, newest first, each linked to its order (where refunds are started). */
export function RefundsList({
  filter,
  onPageChange,
  onClearFilters,
}: {
  filter: RefundsFilter;
  onPageChange: (page: number) => void;
  onClearFilters?: () => void;
}) {
  const refunds = useQuery(refundsQueryOptions(filter));
  const filtered = Boolean(filter.status || filter.q);
  return (
    <DataTable<AdminRefundRow>
      caption={`Refunds, newest first (${refunds.data?.total ?? 0} in all)`}
      columns={REFUND_COLUMNS}
      rowKey={(r) => r.id}
      query={refunds}
      loadingLabel="Loading refunds"
      errorTitle="Refunds could not be loaded"
      header={refunds.data && <RefundsSummary summary={refunds.data.summary} total={refunds.data.total} />}
      empty={
        <EmptyState
          icon={<Undo2 />}
          title={filtered ? 'No refunds match' : 'No refunds yet'}
          action={
            filtered &&
            onClearFilters && (
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            )
          }
        >
          {filtered ? 'No refund has this status or order number / e-mail.' : 'Refunds are started from an order’s page and appear here.'}
        </EmptyState>
      }
      onPageChange={onPageChange}
      paginationLabel="Refund pages"
      rowProps={() => ({ 'data-testid': 'refund-row' })}
      minWidth="60rem"
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { type AdminPayout, type AdminPayoutsQuery, type AdminPayoutsResponse } from '~/shared/schemas/payouts';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount, formatDate } from '~/web/lib/format';
import { adminPayoutsQueryOptions } from '../api/admin-payouts-queries';
import { MarkPaidDialog } from './mark-paid-dialog';
import { weekLabel } from './payout-figures';

function MarkPaidButton({ payout }: { payout: AdminPayout }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        className="whitespace-nowrap"
        onClick={() => setOpen(true)}
        aria-label={`Mark paid: ${payout.vendorName}, week ${weekLabel(payout)}`}
      >
        Mark paid
      </Button>
      {open && <MarkPaidDialog payout={payout} open={open} onOpenChange={setOpen} />}
    </>
  );
}

const COLUMNS: DataTableColumn<AdminPayout>[] = [
  {
    id: 'vendor',
    header: 'Seller',
    rowHeader: true,
    cell: (p) => (
      <>
        <Link
          to={`${paths.admin.payouts}?vendor=${encodeURIComponent(p.vendorId)}`}
          className="font-medium text-brand-700 underline"
          aria-label={`${p.vendorName}: payouts and commission plan`}
        >
          {p.vendorName}
        </Link>
        <p className="text-xs text-slate-600">{p.vendorGstin ?? 'No GSTIN'}</p>
        {p.ownStore && <Badge tone="brand">Own store</Badge>}
      </>
    ),
  },
  { id: 'week', header: 'Week', className: 'whitespace-nowrap text-slate-700', cell: (p) => weekLabel(p) },
  {
    id: 'bank',
    header: 'Bank account',
    className: 'whitespace-nowrap text-slate-700',
    cell: (p) =>
      p.bankAccount ? (
        <>
          <p className="font-mono text-xs">{p.bankAccount.maskedNumber}</p>
          <p className="text-xs text-slate-600">{p.bankAccount.ifsc}</p>
        </>
      ) : (
        <Badge tone="danger">No bank account</Badge>
      ),
  },
  { id: 'sale', header: 'Sales', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (p) => formatPaise(p.salePaise) },
  {
    id: 'net',
    header: 'Net to pay',
    align: 'right',
    className: 'whitespace-nowrap font-semibold text-slate-900 tabular-nums',
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
  { id: 'actions', rowActions: true, header: 'Actions', cell: (p) => (p.status === 'pending' ? <MarkPaidButton payout={p} /> : null) },
];

/** A payout's statement: what was sold and what the marketplace kept, line by line of the deduction. */
function PayoutStatement({ payout }: { payout: AdminPayout }) {
  // The shop's own store is charged none of the deductions (decision 51): listing them at ₹0 would read as an oversight.
  const lines: [string, number][] = payout.ownStore
    ? [['Sales (GST included)', payout.salePaise]]
    : [
        ['Sales (GST included)', payout.salePaise],
        ['Commission', -payout.commissionPaise],
        ['GST on commission', -payout.commissionGstPaise],
        ['TCS (GST, section 52)', -payout.tcsPaise],
        ['TDS (income tax, section 194-O)', -payout.tdsPaise],
      ];
  return (
    <div className="sticky left-2 max-w-[calc(100vw-4rem)] text-sm md:max-w-md">
      <h3 className="font-semibold text-slate-900">
        Statement · {formatCount(payout.entries)} {payout.entries === 1 ? 'line' : 'lines'}
      </h3>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-slate-700">
        {lines.map(([label, paise]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-right tabular-nums">{paise < 0 ? `− ${formatPaise(-paise)}` : formatPaise(paise)}</dd>
          </div>
        ))}
        <dt className="font-semibold text-slate-900">Net to the seller</dt>
        <dd className="text-right font-semibold text-slate-900 tabular-nums">{formatPaise(payout.netPaise)}</dd>
      </dl>
      {payout.ownStore && <p className="mt-1 text-xs text-slate-600">The shop’s own store’s sales: no commission, TCS or TDS.</p>}
    </div>
  );
}

/** What is owed now, and the totals of the payouts the filter matches. */
function PayoutsSummary({ data }: { data: AdminPayoutsResponse }) {
  const cards = [
    {
      label: 'Owed to sellers',
      value: formatPaise(data.owed.netPaise),
      note: `${formatCount(data.owed.payouts)} payouts to be paid`,
    },
    {
      label: 'Without a bank account',
      value: formatCount(data.owed.withoutBankAccount),
      note: 'Left out of the bank file',
      warn: data.owed.withoutBankAccount > 0,
    },
    { label: 'Sales (this list)', value: formatPaise(data.totals.salePaise), note: `${formatCount(data.totals.payouts)} payouts` },
    {
      label: 'Commission + GST (this list)',
      value: formatPaise(data.totals.commissionPaise + data.totals.commissionGstPaise),
      note: `TCS ${formatPaise(data.totals.tcsPaise)} · TDS ${formatPaise(data.totals.tdsPaise)}`,
    },
    { label: 'Net (this list)', value: formatPaise(data.totals.netPaise), note: 'What these payouts pay' },
  ];
  return (
    <section aria-labelledby="payouts-summary-heading" className="mb-6">
      <h2 id="payouts-summary-heading" className="sr-only">
        Summary of payouts
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="payouts-summary-card">
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className={`mt-1 text-lg font-bold tabular-nums sm:text-xl ${card.warn ? 'text-amber-900' : 'text-slate-900'}`}>
              {card.value}
            </dd>
            <dd className="mt-0.5 text-xs text-slate-600">{card.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Every vendor's weekly payouts the filter matches: to be paid first (oldest week first), each opening to its statement. */
export function AdminPayoutsList({
  filter,
  onPageChange,
  onClearFilters,
}: {
  filter: Partial<AdminPayoutsQuery>;
  onPageChange: (page: number) => void;
  onClearFilters?: () => void;
}) {
  const payouts = useQuery(adminPayoutsQueryOptions(filter));
  const filtered = Boolean(filter.status || filter.q || filter.vendorId || filter.week);
  return (
    <DataTable<AdminPayout>
      caption={`Payouts, to be paid first (${payouts.data?.total ?? 0} in all)`}
      columns={COLUMNS}
      rowKey={(p) => p.id}
      query={payouts}
      loadingLabel="Loading payouts"
      errorTitle="Payouts could not be loaded"
      header={payouts.data && <PayoutsSummary data={payouts.data} />}
      empty={
        <EmptyState
          icon={<Landmark />}
          title={filtered ? 'No payouts match' : 'No payouts yet'}
          action={
            filtered &&
            onClearFilters && (
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            )
          }
        >
          {filtered
            ? 'No payout has this status, seller or week.'
            : 'Run the settlement: the lines whose return window closed before last week ended become one payout per seller.'}
        </EmptyState>
      }
      onPageChange={onPageChange}
      paginationLabel="Payout pages"
      details={{ render: (p) => <PayoutStatement payout={p} />, label: (p) => `Statement of ${p.vendorName}, week ${weekLabel(p)}` }}
      rowProps={() => ({ 'data-testid': 'payout-row' })}
      minWidth="56rem"
      phoneCards
    />
  );
}

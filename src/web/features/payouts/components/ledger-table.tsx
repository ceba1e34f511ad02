import { ReceiptIndianRupee } from 'lucide-react';
import { useMemo } from 'react';
import { formatPaise } from '~/shared/money';
import { parseSort } from '~/shared/schemas/common';
import { LEDGER_STATE_LABELS, type LedgerEntry, type LedgerQuery, type LedgerResponse } from '~/shared/schemas/payouts';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { CouponShareNote } from '~/web/components/orders/coupon-share-note';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount, formatDate } from '~/web/lib/format';
import { useLedger } from '../api/payouts-queries';
import { percent, STATE_TONES } from './payout-format';

const money = 'tabular-nums whitespace-nowrap';

/**
 * A figure of the line: struck through once the line is reversed (its units were returned and
 * refunded), as the totals leave it out: nothing is paid for it, nor deducted.
 */
const figure = (e: LedgerEntry, paise: number) =>
  e.state === 'reversed' ? (
    <s>
      <span className="sr-only">reversed: </span>
      {formatPaise(paise)}
    </s>
  ) : (
    formatPaise(paise)
  );

const COLUMNS: DataTableColumn<LedgerEntry>[] = [
  {
    id: 'delivered',
    header: 'Delivered',
    sortable: true,
    descendingFirst: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (e) =>
      e.kind === 'refund' ? (
        <>
          {formatDate(e.deliveredAt)}
          <p className="text-xs text-slate-600">refunded</p>
        </>
      ) : (
        formatDate(e.deliveredAt)
      ),
  },
  {
    id: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (e) => <span className="font-medium whitespace-nowrap text-slate-900">{e.orderNumber}</span>,
  },
  {
    id: 'items',
    header: 'Items',
    cell: (e) =>
      e.kind === 'refund' ? (
        // A refund of delivered units: its own line, every figure negative, taken off what the seller gets.
        <span className="block max-w-64 text-rose-800">{e.description}</span>
      ) : e.kind === 'courier' ? (
        // A courier shipment's charge (decision 81): deducted whole, its GST shown.
        <span className="block max-w-64 text-rose-800">
          {e.description}
          <span className="block text-xs text-slate-600">
            {formatPaise(e.courierChargePaise)} incl. GST {formatPaise(e.courierChargeGstPaise)}
          </span>
        </span>
      ) : (
        <span className="whitespace-nowrap">{`${formatCount(e.quantity)} × ${e.category}`}</span>
      ),
  },
  {
    id: 'sale',
    header: 'Sale',
    align: 'right',
    className: money,
    cell: (e) => (
      <>
        {figure(e, e.salePaise)}
        {/* The customer's coupon came off this line: the seller bears it, so the sale is below the price. */}
        <CouponShareNote paise={e.couponSharePaise} />
      </>
    ),
  },
  {
    id: 'commission',
    header: 'Commission',
    align: 'right',
    className: money,
    cell: (e) => (
      <>
        {figure(e, e.commissionPaise)}
        <p className="text-xs text-slate-600">{percent(e.commissionRateBp)}</p>
      </>
    ),
  },
  { id: 'gst', header: 'GST on it', align: 'right', className: money, cell: (e) => figure(e, e.commissionGstPaise) },
  {
    id: 'tcs',
    header: 'TCS',
    align: 'right',
    className: money,
    cell: (e) => (
      <>
        {figure(e, e.tcsPaise)}
        <p className="text-xs text-slate-600">{e.intraState ? 'CGST + SGST' : 'IGST'}</p>
      </>
    ),
  },
  { id: 'tds', header: 'TDS', align: 'right', className: money, cell: (e) => figure(e, e.tdsPaise) },
  {
    id: 'net',
    header: 'You get',
    sortable: true,
    descendingFirst: true,
    align: 'right',
    className: `${money} font-semibold text-slate-900`,
    cell: (e) => figure(e, e.netPaise),
  },
  {
    id: 'state',
    header: 'State',
    cell: (e) => (
      <>
        <Badge tone={STATE_TONES[e.state]}>{LEDGER_STATE_LABELS[e.state]}</Badge>
        {e.state === 'in_return_window' && (
          <p className="mt-1 text-xs whitespace-nowrap text-slate-600">Payable from {formatDate(e.payableAt)}</p>
        )}
        {e.state === 'reversed' && (
          <p className="mt-1 max-w-48 text-xs text-slate-600">Returned and refunded: not paid, nothing deducted</p>
        )}
      </>
    ),
  },
];

/**
 * The totals of the lines that match: at their prices, less the coupon share the seller bears, is
 * the sales the deductions are worked out on (shown when a coupon took something), the deductions,
 * and what the seller gets — refunded lines left out of every figure.
 */
function Totals({ data }: { data: LedgerResponse }) {
  const t = data.totals;
  const deducted = t.commissionPaise + t.commissionGstPaise + t.tcsPaise + t.tdsPaise;
  const amount = (paise: number) => <strong className="tabular-nums">{formatPaise(paise)}</strong>;
  return (
    <p className="mb-3 text-sm text-slate-700">
      {formatCount(data.total)} line{data.total === 1 ? '' : 's'}:{' '}
      {t.couponSharePaise !== 0 ? (
        <>
          at your prices {amount(t.salePaise + t.couponSharePaise)}, less coupon share {amount(t.couponSharePaise)}, sales{' '}
          {amount(t.salePaise)} (less refunds; the commission, TCS and TDS are worked out on the sales)
        </>
      ) : (
        <>sales {amount(t.salePaise)} (less refunds)</>
      )}
      , deductions {amount(deducted)}, you get {amount(t.netPaise)} (refunded lines left out).
    </p>
  );
}

interface LedgerTableProps {
  query: LedgerQuery;
  onChange: (changes: Partial<LedgerQuery>) => void;
  filtered: boolean;
  onClearFilters: () => void;
}

/** The vendor's ledger: every delivered line with what was deducted and what it gets, filtered and sorted in the URL. */
export function LedgerTable({ query, onChange, filtered, onClearFilters }: LedgerTableProps) {
  const ledger = useLedger(query);
  const sort = useMemo(() => parseSort(query.sort), [query.sort]);
  return (
    <DataTable<LedgerEntry>
      caption={`Your delivered lines${ledger.data ? ` (${ledger.data.total} in all)` : ''}`}
      columns={COLUMNS}
      rowKey={(e) => e.id}
      query={ledger}
      header={ledger.data && ledger.data.total > 0 ? <Totals data={ledger.data} /> : undefined}
      loadingLabel="Loading your ledger"
      errorTitle="Your ledger could not be loaded"
      empty={
        <EmptyState
          icon={<ReceiptIndianRupee />}
          title={filtered ? 'No lines match' : 'Nothing delivered yet'}
          action={
            filtered ? (
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            ) : undefined
          }
        >
          {filtered
            ? 'Choose another month or state.'
            : 'Each of your lines that reaches a customer appears here with what you get for it.'}
        </EmptyState>
      }
      sort={sort}
      onSortChange={(s) => onChange({ sort: (s.descending ? `-${s.column}` : s.column) as LedgerQuery['sort'] })}
      onPageChange={(page) => onChange({ page })}
      paginationLabel="Ledger pages"
      minWidth="64rem"
      phoneCards
    />
  );
}

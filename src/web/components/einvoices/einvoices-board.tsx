import { useQuery } from '@tanstack/react-query';
import { FileCheck } from 'lucide-react';
import { useMemo } from 'react';
import { formatPaise } from '~/shared/money';
import { EINVOICE_STATUS_LABELS, EINVOICE_STATUSES, type EInvoiceRegistration, type EInvoicesQuery } from '~/shared/schemas/einvoices';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { FilterSelect } from '~/web/components/data-table/list-filters';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { einvoicesQueryOptions, type EInvoicesAudience } from '~/web/lib/einvoices';
import { formatDate, formatDateTime } from '~/web/lib/format';
import { EInvoiceActions } from './einvoice-actions';

function columns(audience: EInvoicesAudience, now: number): DataTableColumn<EInvoiceRegistration>[] {
  return [
    {
      id: 'document',
      header: 'Document',
      rowHeader: true,
      cell: (e) => (
        <div className="max-w-56">
          <p className="font-semibold text-slate-900">
            {e.documentType === 'INV' ? 'Invoice' : 'Credit note'} {e.documentNumber}
          </p>
          <p className="text-xs text-slate-600">
            {formatDate(e.documentDate)} · {formatPaise(e.totalPaise)}
          </p>
        </div>
      ),
    },
    {
      id: 'buyer',
      header: 'Buyer',
      cell: (e) => (
        <div className="max-w-48">
          <p>{e.buyerName}</p>
          <p className="font-mono text-xs text-slate-600">{e.buyerGstin}</p>
        </div>
      ),
    },
    { id: 'status', header: 'Status', cell: (e) => <StatusBadge of="einvoice" status={e.status} /> },
    {
      id: 'irn',
      header: 'IRN and acknowledgement',
      cell: (e) =>
        e.irn ? (
          <div className="max-w-60">
            <p className="font-mono text-xs break-all">{e.irn}</p>
            <p className="text-xs text-slate-600">
              Ack {e.ackNo} · {e.ackDate ? formatDateTime(e.ackDate) : ''}
            </p>
          </div>
        ) : (
          <span className="text-slate-600">None yet</span>
        ),
    },
    {
      id: 'error',
      header: 'Last error',
      cell: (e) =>
        e.lastError ? (
          <p className="line-clamp-3 max-w-xs wrap-anywhere text-red-800">
            {e.lastErrorCode ? `${e.lastErrorCode}: ` : ''}
            {e.lastError}
          </p>
        ) : (
          <span className="text-slate-600">None</span>
        ),
    },
    { id: 'tries', header: 'Tries', className: 'whitespace-nowrap', cell: (e) => String(e.attempts) },
    { id: 'actions', rowActions: true, header: 'Action', cell: (e) => <EInvoiceActions einvoice={e} audience={audience} now={now} /> },
  ];
}

/**
 * The e-invoice registrations with the IRP, newest first, filtered by status: the IRN and
 * acknowledgement of each registered one, the portal's error of a failed one with Retry, and
 * Cancel IRN within 24 hours. The admin sees every seller's and the shop's; a seller its own.
 */
export function EInvoicesBoard({
  audience,
  filter,
  onChange,
}: {
  audience: EInvoicesAudience;
  filter: EInvoicesQuery;
  onChange: (changes: Partial<EInvoicesQuery>) => void;
}) {
  const list = useQuery(einvoicesQueryOptions(audience, filter));
  const now = list.dataUpdatedAt;
  const tableColumns = useMemo(() => columns(audience, now), [audience, now]);
  const counts = list.data?.counts;
  const labels = Object.fromEntries(
    EINVOICE_STATUSES.map((s) => [s, counts ? `${EINVOICE_STATUS_LABELS[s]} (${counts[s]})` : EINVOICE_STATUS_LABELS[s]]),
  ) as Record<(typeof EINVOICE_STATUSES)[number], string>;
  return (
    <>
      <div className="mb-5 flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Status"
          value={filter.status}
          values={EINVOICE_STATUSES}
          labels={labels}
          placeholder="Every status"
          onChange={(status) => onChange({ status })}
          className="w-full sm:w-64"
        />
      </div>
      <DataTable<EInvoiceRegistration>
        caption={`E-invoices, newest first${list.data ? ` (${list.data.total})` : ''}`}
        columns={tableColumns}
        rowKey={(e) => e.id}
        query={list}
        loadingLabel="Loading the e-invoices"
        errorTitle="The e-invoices could not be loaded"
        empty={
          filter.status ? (
            <EmptyState
              icon={<FileCheck />}
              title={`No e-invoices are “${EINVOICE_STATUS_LABELS[filter.status].toLowerCase()}”.`}
              action={
                <Button variant="secondary" onClick={() => onChange({ status: undefined })}>
                  Show every e-invoice
                </Button>
              }
            >
              Registrations show here as B2B invoices and credit notes are issued.
            </EmptyState>
          ) : (
            <EmptyState icon={<FileCheck />} title="No e-invoices yet.">
              B2B invoices and credit notes of suppliers above ₹5 crore turnover are registered with the Invoice Registration Portal and
              listed here with their IRN.
            </EmptyState>
          )
        }
        onPageChange={(page) => onChange({ page })}
        paginationLabel="E-invoice pages"
        rowProps={(e) => ({ 'data-testid': `einvoice-${e.id}` })}
        minWidth="64rem"
      />
    </>
  );
}

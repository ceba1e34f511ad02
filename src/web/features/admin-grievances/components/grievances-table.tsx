import { useQuery } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import { GRIEVANCE_CATEGORY_LABELS, type Grievance } from '~/shared/schemas/grievances';
import { GrievanceBadges } from '~/web/components/grievances/grievance-badges';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { OneLine } from '~/web/components/ui/one-line';
import { formatDateTime } from '~/web/lib/format';
import { grievancesListOptions, type GrievancesFilter } from '../api/admin-grievances';
import { GrievanceThreadPanel } from './grievance-thread';

/** The next date due of an open complaint (acknowledgement, then resolution), or when it was resolved. */
function Due({ g }: { g: Grievance }) {
  if (g.status === 'received')
    return (
      <>
        <span className="block">Acknowledge by {formatDateTime(g.acknowledgeBy)}</span>
        <span className="block text-xs text-slate-600">Resolve by {formatDateTime(g.resolveBy)}</span>
      </>
    );
  if (g.status === 'acknowledged') return <span>Resolve by {formatDateTime(g.resolveBy)}</span>;
  return <span className="text-slate-600">Resolved {g.resolvedAt ? formatDateTime(g.resolvedAt) : ''}</span>;
}

const COLUMNS: DataTableColumn<Grievance>[] = [
  {
    id: 'ticket',
    header: 'Ticket',
    rowHeader: true,
    className: 'whitespace-nowrap',
    cell: (g) => (
      <>
        <span className="font-semibold text-slate-900">{g.ticketNumber}</span>
        <time dateTime={g.receivedAt} className="block text-xs font-normal text-slate-600">
          {formatDateTime(g.receivedAt)}
        </time>
      </>
    ),
  },
  {
    id: 'from',
    header: 'From',
    cell: (g) => (
      <>
        <span className="font-medium text-slate-900">{g.name}</span>
        <OneLine className="text-xs text-slate-600">{g.email}</OneLine>
      </>
    ),
  },
  {
    id: 'about',
    header: 'About',
    cell: (g) => (
      <>
        <span className="text-slate-900">{GRIEVANCE_CATEGORY_LABELS[g.category]}</span>
        {g.orderNumber && <span className="block text-xs text-slate-600">Order {g.orderNumber}</span>}
        <p className="line-clamp-2 max-w-sm text-xs text-slate-700">{g.description}</p>
      </>
    ),
  },
  { id: 'due', header: 'Due', className: 'text-sm text-slate-800', cell: (g) => <Due g={g} /> },
  { id: 'status', header: 'Status', cell: (g) => <GrievanceBadges grievance={g} /> },
];

/** Complaints for the filter, newest first; each opens to its thread and the officer's steps. */
export function GrievancesTable({
  filter,
  onPageChange,
  onClearFilters,
}: {
  filter: GrievancesFilter;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
}) {
  const grievances = useQuery(grievancesListOptions(filter));
  const filtered = Boolean(filter.q || filter.status || filter.overdue);
  return (
    <DataTable<Grievance>
      caption={`Complaints, newest first${grievances.data ? ` (${grievances.data.total})` : ''}`}
      columns={COLUMNS}
      rowKey={(g) => g.id}
      query={grievances}
      loadingLabel="Loading complaints"
      errorTitle="The complaints could not be loaded"
      empty={
        filtered ? (
          <EmptyState
            icon={<MessageSquareWarning />}
            title="No complaints match"
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          >
            No complaint matches these filters.
          </EmptyState>
        ) : (
          <EmptyState icon={<MessageSquareWarning />} title="No complaints yet">
            Complaints filed from orders and the contact page appear here.
          </EmptyState>
        )
      }
      onPageChange={onPageChange}
      paginationLabel="Complaint pages"
      details={{ render: (g) => <GrievanceThreadPanel id={g.id} />, label: (g) => `Open complaint ${g.ticketNumber}` }}
      rowProps={(g) => ({ 'data-testid': `grievance-${g.ticketNumber}` })}
      minWidth="60rem"
    />
  );
}

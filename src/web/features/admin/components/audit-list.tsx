import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { USER_ROLE_LABELS } from '~/shared/constants';
import { auditActionLabel } from '~/shared/audit-labels';
import { inThirdPerson } from '~/shared/orders';
import type { AuditEntry } from '~/shared/schemas/audit';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { OneLine } from '~/web/components/ui/one-line';
import { formatCount, formatDateTime } from '~/web/lib/format';
import { auditQueryOptions, type AuditFilter } from '../api/audit-queries';
import { changesOf, type Shown } from './audit-values';

const ROLE_TONES = { admin: 'brand', vendor: 'warning', customer: 'neutral', system: 'neutral' } as const;
/** Who acted, as screens name the roles ("Admin", "Vendor"), the shop's own jobs as "System". */
const ROLE_LABELS: Record<string, string> = { ...USER_ROLE_LABELS, system: 'System' };

/**
 * What an entry did, in the back office's words. An order's steps were recorded with the order
 * timeline's words, written to the customer ("issued to your UPI"): entries recorded before the
 * timeline gave the audit its own words still read about the customer here.
 */
function summaryOf(e: AuditEntry): string {
  return e.entityType === 'order' && e.action.startsWith('order.') ? inThirdPerson(e.summary) : e.summary;
}

function Value({ shown, className }: { shown: Shown; className: string }) {
  return (
    <td className={`max-w-xs py-1 pr-4 break-words ${className}`}>
      {Array.isArray(shown) ? (
        <ul className="list-disc space-y-0.5 pl-4">
          {shown.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        shown
      )}
    </td>
  );
}

/** The fields an entry changed, before and after, side by side. */
function Changes({ entry }: { entry: AuditEntry }) {
  const rows = changesOf(entry);
  return (
    <div className="space-y-2 text-sm">
      {rows.length > 0 ? (
        <table className="w-full max-w-3xl text-left">
          <caption className="sr-only">Values before and after entry {entry.id}</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-4 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Before
              </th>
              <th scope="col" className="py-1 font-medium">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-1 pr-4 font-normal text-slate-700" title={row.field}>
                  {row.label}
                </th>
                <Value shown={row.before} className="text-red-800" />
                <Value shown={row.after} className="text-green-800" />
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-slate-600">No values recorded.</p>
      )}
      <p className="text-xs text-slate-600">
        Entry {entry.id} · {entry.entityType.replaceAll('_', ' ')} <code className="whitespace-nowrap">{entry.entityId}</code> · from{' '}
        {entry.userAgent ?? 'an unknown client'} · hash <code className="whitespace-nowrap">{entry.hash.slice(0, 16)}…</code>
      </p>
    </div>
  );
}

const COLUMNS: DataTableColumn<AuditEntry>[] = [
  {
    id: 'at',
    header: 'When',
    className: 'whitespace-nowrap text-slate-700',
    cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>,
  },
  {
    id: 'actor',
    header: 'Who',
    cell: (e) => (
      <>
        <Badge tone={ROLE_TONES[e.actor.role as keyof typeof ROLE_TONES] ?? 'neutral'}>{ROLE_LABELS[e.actor.role] ?? e.actor.role}</Badge>
        <OneLine className="mt-0.5 text-xs text-slate-700">{e.actor.email ?? 'the shop'}</OneLine>
      </>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    cell: (e) => (
      <>
        <span className="text-slate-900">{auditActionLabel(e.action)}</span>
        <code className="mt-0.5 block text-xs text-slate-600">
          <OneLine>{e.action}</OneLine>
        </code>
      </>
    ),
  },
  { id: 'summary', header: 'What', rowHeader: true, cell: (e) => <span className="text-slate-900">{summaryOf(e)}</span> },
  { id: 'ip', header: 'From', className: 'whitespace-nowrap font-mono text-xs text-slate-600', cell: (e) => e.ip ?? '—' },
];

/** The audit log for the filter: newest first, each entry opening to the values it changed. */
export function AuditList({
  filter,
  onPageChange,
  onClearFilters,
}: {
  filter: AuditFilter;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
}) {
  const entries = useQuery(auditQueryOptions(filter));
  const filtered = Boolean(filter.q || filter.role || filter.action || filter.from || filter.to);
  return (
    <DataTable<AuditEntry>
      caption={`Audit log, newest first${entries.data ? ` (${formatCount(entries.data.total)} ${entries.data.total === 1 ? 'entry' : 'entries'})` : ''}`}
      columns={COLUMNS}
      rowKey={(e) => String(e.id)}
      query={entries}
      loadingLabel="Loading the audit log"
      errorTitle="The audit log could not be loaded"
      empty={
        filtered ? (
          <EmptyState
            icon={<ScrollText />}
            title="No entries match"
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          >
            Nothing recorded matches these words, people, kinds or dates.
          </EmptyState>
        ) : (
          <EmptyState icon={<ScrollText />} title="Nothing recorded yet">
            Every change an admin or a vendor makes is recorded here.
          </EmptyState>
        )
      }
      onPageChange={onPageChange}
      paginationLabel="Audit log pages"
      details={{ render: (e) => <Changes entry={e} />, label: (e) => `Changes of entry ${e.id}` }}
      minWidth="52rem"
    />
  );
}

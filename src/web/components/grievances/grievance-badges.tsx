import { GRIEVANCE_STATUS_LABELS, type Grievance } from '~/shared/schemas/grievances';
import { Badge } from '~/web/components/ui/badge';
import { formatDateTime } from '~/web/lib/format';

const STATUS_TONES = { received: 'brand', acknowledged: 'warning', resolved: 'success', closed: 'neutral' } as const;

/** A complaint's status, and the deadline it has missed when it has (the customer's pages and the admin console). */
export function GrievanceBadges({ grievance }: { grievance: Pick<Grievance, 'status' | 'acknowledgementOverdue' | 'resolutionOverdue'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={STATUS_TONES[grievance.status]}>{GRIEVANCE_STATUS_LABELS[grievance.status]}</Badge>
      {grievance.acknowledgementOverdue && <Badge tone="danger">Acknowledgement overdue</Badge>}
      {grievance.resolutionOverdue && <Badge tone="danger">Resolution overdue</Badge>}
    </span>
  );
}

/** When the complaint was received and what falls due when (or when it happened). */
export function GrievanceDates({ grievance }: { grievance: Grievance }) {
  const rows: [string, string, string][] = [['Received', grievance.receivedAt, '']];
  rows.push(
    grievance.acknowledgedAt
      ? ['Acknowledged', grievance.acknowledgedAt, '']
      : ['Acknowledgement due by', grievance.acknowledgeBy, grievance.acknowledgementOverdue ? ' (overdue)' : ''],
  );
  rows.push(
    grievance.resolvedAt
      ? ['Resolved', grievance.resolvedAt, '']
      : ['Resolution due by', grievance.resolveBy, grievance.resolutionOverdue ? ' (overdue)' : ''],
  );
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, at, note]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="text-slate-900">
            <time dateTime={at}>{formatDateTime(at)}</time>
            {note && <strong className="text-red-700">{note}</strong>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

import { useQuery } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { GRIEVANCE_CATEGORY_LABELS } from '~/shared/schemas/grievances';
import { paths } from '~/shared/paths';
import { GrievanceBadges } from '~/web/components/grievances/grievance-badges';
import { buttonClasses } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { Pagination } from '~/web/components/ui/pagination';
import { formatDateTime } from '~/web/lib/format';
import { myGrievancesOptions } from '../api/grievance-queries';

/** The customer's complaints to the grievance officer, newest first, each with its status and the next date due. */
export function MyComplaints() {
  const [page, setPage] = useState(1);
  const complaints = useQuery(myGrievancesOptions({ page }));
  if (complaints.isPending) return <ListSkeleton rows={3} label="Loading your complaints" />;
  if (complaints.isError)
    return <ErrorState title="Your complaints could not be loaded" error={complaints.error} onRetry={() => void complaints.refetch()} />;
  const { items, total, pageSize } = complaints.data;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<MessageSquareWarning />}
        title="No complaints"
        action={
          <Link to={paths.orders} className={buttonClasses('secondary')}>
            Go to my orders
          </Link>
        }
      >
        To complain about an order, open it in My orders and choose “Raise a complaint”.
      </EmptyState>
    );
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label="Your complaints">
        {items.map((g) => (
          <li key={g.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <Link to={paths.accountComplaint(g.id)} className="text-base font-semibold text-brand-700 underline">
                  {g.ticketNumber}
                </Link>
                <p className="text-sm text-slate-700">
                  {GRIEVANCE_CATEGORY_LABELS[g.category]}
                  {g.orderNumber && <> · order {g.orderNumber}</>}
                  {g.itemName && <> · {g.itemName}</>}
                </p>
              </div>
              <GrievanceBadges grievance={g} />
            </div>
            <p className="mt-2 line-clamp-2 text-sm text-slate-700">{g.description}</p>
            <p className="mt-2 text-xs text-slate-600">
              Received <time dateTime={g.receivedAt}>{formatDateTime(g.receivedAt)}</time>
              {g.resolvedAt ? (
                <>
                  {' '}
                  · resolved <time dateTime={g.resolvedAt}>{formatDateTime(g.resolvedAt)}</time>
                </>
              ) : (
                <>
                  {' '}
                  · resolution due by <time dateTime={g.resolveBy}>{formatDateTime(g.resolveBy)}</time>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={pageSize} total={total} onPageChange={setPage} label="Complaint pages" />
    </div>
  );
}

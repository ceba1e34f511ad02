import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { GRIEVANCE_CATEGORY_LABELS } from '~/shared/schemas/grievances';
import type { OrderDetail } from '~/shared/schemas/orders';
import { paths } from '~/shared/paths';
import { GrievanceBadges } from '~/web/components/grievances/grievance-badges';
import { Button } from '~/web/components/ui/button';
import { preloadDialog } from '~/web/components/ui/dialog';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { formatDateTime } from '~/web/lib/format';
import { myGrievancesOptions } from '../api/grievance-queries';
import { OrderComplaintDialog } from './order-complaint-dialog';

/** The order page's complaints to the grievance officer: those filed about this order, and "Raise a complaint". */
export function OrderComplaints({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  const complaints = useQuery(myGrievancesOptions({ orderId: order.id }));
  return (
    <section aria-labelledby="order-complaints-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="order-complaints-heading" className="text-lg font-semibold text-slate-900">
          Complaints
        </h2>
        <Button
          variant="secondary"
          onClick={() => setOpen(true)}
          onPointerEnter={() => void preloadDialog()}
          onFocus={() => void preloadDialog()}
        >
          Raise a complaint
        </Button>
      </div>
      {complaints.isPending ? (
        <ListSkeleton rows={1} label="Loading your complaints" />
      ) : complaints.isError ? (
        <ErrorState title="Your complaints could not be loaded" error={complaints.error} onRetry={() => void complaints.refetch()} />
      ) : complaints.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">
          Something wrong with this order that the seller has not put right? Our{' '}
          <Link to={paths.grievanceOfficer} className="text-brand-700 underline">
            grievance officer
          </Link>{' '}
          acknowledges a complaint within 48 hours and resolves it within a month.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {complaints.data.items.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <Link to={paths.accountComplaint(g.id)} className="font-semibold text-brand-700 underline">
                  {g.ticketNumber}
                </Link>{' '}
                · {GRIEVANCE_CATEGORY_LABELS[g.category]}
                {g.itemName && <> · {g.itemName}</>}
                <span className="block text-xs text-slate-600">
                  {g.resolvedAt ? <>Resolved {formatDateTime(g.resolvedAt)}</> : <>Resolution due by {formatDateTime(g.resolveBy)}</>}
                </span>
              </span>
              <GrievanceBadges grievance={g} />
            </li>
          ))}
        </ul>
      )}
      <OrderComplaintDialog order={order} open={open} onOpenChange={setOpen} />
    </section>
  );
}

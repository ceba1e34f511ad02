import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { isWebAddress } from '~/shared/paths';
import { TRACKING_STATUS_LABELS, type ParcelTracking } from '~/shared/schemas/shipping';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Skeleton } from '~/web/components/ui/feedback';
import { formatDate, formatDateTime } from '~/web/lib/format';
import { orderTrackingQueryOptions } from '../api/order-queries';
import { ReattemptForm } from './reattempt-form';

const TONES: Partial<Record<ParcelTracking['status'], string>> = {
  delivered: 'bg-green-100 text-green-900',
  failed_attempt: 'bg-amber-100 text-amber-900',
  rto_initiated: 'bg-amber-100 text-amber-900',
  rto_delivered: 'bg-slate-200 text-slate-900',
  cancelled: 'bg-slate-200 text-slate-900',
};

/** The courier tracking of the order's booked parcels, by AWB: loading, failed (with Retry) or each parcel's timeline. */
export function useParcelTracking(orderId: string) {
  return useQuery(orderTrackingQueryOptions(orderId));
}

export function ParcelTrackingLoading() {
  return (
    <div role="status" aria-label="Loading the parcel's tracking" className="mt-2 space-y-2">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-4 w-64" />
    </div>
  );
}

export function ParcelTrackingError({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      The courier&apos;s tracking could not be loaded.
      <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </p>
  );
}

/** One parcel: where it is now, each scan with place and time (newest first), and the courier's own tracking page. */
export function ParcelTimeline({ orderId, parcel }: { orderId: string; parcel: ParcelTracking }) {
  // The scans and the customer's answers to failed attempts, newest first.
  const events = [
    ...parcel.events.map((e) => ({ ...e, title: TRACKING_STATUS_LABELS[e.status] })),
    ...parcel.answers.map((a) => ({
      status: 'answer',
      at: a.at,
      location: null,
      title: a.kind === 'reattempt' && a.on ? `You asked for delivery on ${formatDate(a.on)}` : 'You corrected the delivery details',
      detail:
        a.kind === 'reattempt'
          ? 'Sent to the courier'
          : ['Sent to the courier', a.addressLine && `address: ${a.addressLine}`, a.phone && `mobile: ${a.phone}`]
              .filter(Boolean)
              .join(' · '),
    })),
  ].sort((x, y) => y.at.localeCompare(x.at));
  const label = TRACKING_STATUS_LABELS[parcel.status];
  return (
    <section aria-label={`Tracking of parcel ${parcel.awb}`} className="mt-3">
      <p className="text-sm text-slate-700">
        Now:{' '}
        <span className={cn('rounded-full px-2 py-0.5 text-sm font-semibold', TONES[parcel.status] ?? 'bg-brand-50 text-brand-900')}>
          {label}
        </span>
      </p>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No scans yet: the courier has not picked the parcel up.</p>
      ) : (
        <ol aria-label="Parcel scans, newest first" className="relative mt-2 space-y-3 border-l-2 border-slate-200 pl-5">
          {events.map((event, i) => (
            <li key={`${event.at}-${event.status}-${i}`} className="relative">
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white',
                  i === 0 ? 'bg-brand-700' : 'bg-slate-400',
                )}
              />
              <p className="text-sm font-medium text-slate-900">{event.title}</p>
              <p className="text-xs text-slate-600">
                {event.detail}
                {event.location ? ` · ${event.location}` : ''} · <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {parcel.reattemptDays && <ReattemptForm orderId={orderId} parcel={parcel} days={parcel.reattemptDays} />}
      {isWebAddress(parcel.trackingUrl) && (
        <a
          href={parcel.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          Track on {parcel.courierName}&apos;s site
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
    </section>
  );
}

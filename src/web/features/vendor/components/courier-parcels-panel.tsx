import { useMemo, useState } from 'react';
import { formatPaise } from '~/shared/money';
import type { CourierShipment } from '~/shared/schemas/shipping';
import { buttonClasses } from '~/web/components/ui/button';
import { Button } from '~/web/components/ui/button';
import { ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { labelsUrl, manifestUrl, useCourierShipments, useRequestPickup } from '../api/vendor-shipping';

function PdfLink({ href, disabled, children }: { href: string; disabled: boolean; children: string }) {
  if (disabled) {
    return (
      <Button size="sm" variant="secondary" disabled>
        {children}
      </Button>
    );
  }
  return (
    <a href={href} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'sm')}>
      {children}
    </a>
  );
}

/**
 * The seller's parcels booked with a courier (decision 78): choose several to print their labels in one PDF
 * (4×6 thermal or A4), their manifest, or to ask the courier to collect them today. Those still waiting for a
 * pickup are chosen at first.
 */
export function CourierParcelsPanel() {
  const shipments = useCourierShipments();
  const pickup = useRequestPickup();
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const items = useMemo(() => shipments.data ?? [], [shipments.data]);
  const waiting = useMemo(() => new Set(items.filter((s) => s.pickupDate === null).map((s) => s.orderId)), [items]);
  const selected = picked ?? waiting;
  const ids = items.filter((s) => selected.has(s.orderId)).map((s) => s.orderId);
  const none = ids.length === 0;

  const toggle = (s: CourierShipment) => {
    const next = new Set(selected);
    if (next.has(s.orderId)) next.delete(s.orderId);
    else next.add(s.orderId);
    setPicked(next);
  };
  const all = items.length > 0 && ids.length === items.length;

  const requestPickup = () =>
    pickup.mutate(ids, {
      onSuccess: (answer) => {
        toast.success(
          `Pickup on ${formatDate(answer.pickupDate)} for ${answer.count} ${answer.count === 1 ? 'parcel' : 'parcels'}${answer.reference ? ` (${answer.reference})` : ''}.`,
        );
        setPicked(null);
      },
      onError: (error) => toast.error(error instanceof Error ? error.message : 'The pickup could not be requested.'),
    });

  return (
    <section aria-labelledby="courier-parcels" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="courier-parcels" className="text-base font-semibold text-slate-900">
        Courier parcels
      </h2>
      {shipments.isPending ? (
        <div role="status" aria-label="Loading your courier parcels" className="mt-3 space-y-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : shipments.isError ? (
        <div className="mt-3">
          <ErrorState title="Your courier parcels could not be loaded" error={shipments.error} onRetry={() => void shipments.refetch()} />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          Parcels you ship by buying a courier appear here, to print their labels and manifest and to ask for a pickup.
        </p>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <PdfLink href={labelsUrl(ids, '4x6')} disabled={none}>
              Labels 4×6 (PDF)
            </PdfLink>
            <PdfLink href={labelsUrl(ids, 'a4')} disabled={none}>
              Labels A4 (PDF)
            </PdfLink>
            <PdfLink href={manifestUrl(ids)} disabled={none}>
              Manifest (PDF)
            </PdfLink>
            <Button size="sm" onClick={requestPickup} loading={pickup.isPending} disabled={none}>
              Request pickup for today
            </Button>
            <span className="text-sm text-slate-600" aria-live="polite">
              {ids.length} of {items.length} chosen
            </span>
          </div>
          {/* On a phone, one card a parcel; the table from the small breakpoint up. */}
          <ul className="mt-3 divide-y divide-slate-100 sm:hidden" aria-label="Your parcels booked with a courier">
            {items.map((s) => (
              <li key={s.orderId} className="flex items-start gap-3 py-2 text-sm">
                <input
                  type="checkbox"
                  aria-label={`Choose the parcel of order ${s.orderNumber}`}
                  checked={selected.has(s.orderId)}
                  onChange={() => toggle(s)}
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {s.orderNumber} · {formatPaise(s.chargePaise)}
                  </p>
                  <p className="text-slate-700">
                    {s.courierName}, AWB <span className="font-mono text-xs break-all">{s.awb}</span>
                  </p>
                  <p className="text-slate-600">Pickup: {s.pickupDate ? formatDate(s.pickupDate) : 'Not requested'}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-3 hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Your parcels booked with a courier</caption>
              <thead className="text-xs text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-2">
                    <input
                      type="checkbox"
                      aria-label="Choose every parcel"
                      checked={all}
                      onChange={() => setPicked(all ? new Set() : new Set(items.map((s) => s.orderId)))}
                      className="size-4 accent-brand-600"
                    />
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Order
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Courier
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    AWB
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Charge
                  </th>
                  <th scope="col" className="py-1">
                    Pickup
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((s) => (
                  <tr key={s.orderId}>
                    <td className="py-1.5 pr-2">
                      <input
                        type="checkbox"
                        aria-label={`Choose the parcel of order ${s.orderNumber}`}
                        checked={selected.has(s.orderId)}
                        onChange={() => toggle(s)}
                        className="size-4 accent-brand-600"
                      />
                    </td>
                    <th scope="row" className="py-1.5 pr-2 font-medium whitespace-nowrap text-slate-900">
                      {s.orderNumber}
                    </th>
                    <td className="py-1.5 pr-2">{s.courierName}</td>
                    <td className="py-1.5 pr-2 font-mono text-xs">{s.awb}</td>
                    <td className="py-1.5 pr-2 text-right">{formatPaise(s.chargePaise)}</td>
                    <td className="py-1.5 whitespace-nowrap">{s.pickupDate ? formatDate(s.pickupDate) : 'Not requested'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

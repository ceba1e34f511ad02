import { useId, useState } from 'react';
import { formatPaise } from '~/shared/money';
import type { CourierQuote } from '~/shared/schemas/shipping';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { Button } from '~/web/components/ui/button';
import { DialogClose } from '~/web/components/ui/dialog-frame';
import { Alert, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { NETWORK_ERROR_MESSAGE } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useBuyCourier, useCourierRates } from '../api/vendor-shipping';

const kg = (grams: number) => `${(grams / 1000).toLocaleString('en-IN', { maximumFractionDigits: 2 })} kg`;
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

function ParcelSummary({ quote }: { quote: CourierQuote }) {
  const p = quote.parcel;
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
      <p>
        Parcel {kg(p.weightGrams)}, box {p.lengthMm / 10} × {p.widthMm / 10} × {p.heightMm / 10} cm, from PIN {quote.pickupPin} to PIN{' '}
        {quote.deliveryPin}.
      </p>
      <p>
        {quote.codAmountPaise === null
          ? 'Prepaid: nothing to collect.'
          : `Cash on delivery: the courier collects ${formatPaise(quote.codAmountPaise)}.`}
      </p>
      {p.estimatedFor.length > 0 && (
        <p className="mt-1 text-amber-800">
          Estimated for {p.estimatedFor.join(', ')}: add the packed weight and box size to the product for an exact rate.
        </p>
      )}
    </div>
  );
}

/** The couriers that take the parcel, the cheapest chosen first; buying one ships the order with its AWB. */
export function CourierShipForm({ order, onDone }: { order: VendorOrder; onDone: () => void }) {
  const rates = useCourierRates(order.id, true);
  const buy = useBuyCourier(order.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const name = useId();
  const quote = rates.data;
  // The cheapest is chosen until the seller chooses another.
  const chosenId = chosen ?? quote?.rates[0]?.courierId ?? null;

  if (rates.isPending) {
    return (
      <div role="status" aria-label="Loading the couriers" className="mt-4 space-y-2">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (rates.isError) {
    return (
      <div className="mt-4">
        <ErrorState title="The couriers could not be loaded" error={rates.error} onRetry={() => void rates.refetch()} />
      </div>
    );
  }
  const rate = quote!.rates.find((r) => r.courierId === chosenId) ?? null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!rate) return;
    setFormError(null);
    buy.mutate(
      { courierId: rate.courierId },
      {
        onSuccess: ({ shipment }) => {
          toast.success(
            `Order ${shipment.orderNumber} shipped with ${shipment.courierName}, AWB ${shipment.awb}. Print its label from Courier parcels.`,
          );
          onDone();
        },
        onError: (error) => setFormError(error instanceof Error ? error.message : NETWORK_ERROR_MESSAGE),
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      {formError && <Alert tone="error">{formError}</Alert>}
      <ParcelSummary quote={quote!} />
      {quote!.needsEwayBill && (
        <Alert tone="warning" title="E-way bill first">
          This parcel needs a valid e-way bill before a courier can take it. Generate it from the order’s page, then buy the courier.
        </Alert>
      )}
      {!quote!.serviceable ? (
        <Alert tone="warning" title="No courier takes this parcel">
          {quote!.reason} You can still ship it with a courier of your own and enter its tracking number by hand.
        </Alert>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Choose a courier</legend>
          <ul className="mt-2 space-y-2">
            {quote!.rates.map((r, i) => (
              <li key={r.courierId}>
                <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                  <input
                    type="radio"
                    name={name}
                    value={r.courierId}
                    checked={chosenId === r.courierId}
                    onChange={() => setChosen(r.courierId)}
                    className="size-4 accent-brand-600"
                  />
                  <span className="flex-1">
                    <span className="block font-medium text-slate-900">
                      {r.courierName}
                      {i === 0 && (
                        <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">Cheapest</span>
                      )}
                    </span>
                    <span className="block text-xs text-slate-600">
                      Delivers in {days(r.promisedDays)} · {r.mode === 'air' ? 'Air' : 'Surface'} · charged for{' '}
                      {kg(r.chargeableWeightGrams)}
                    </span>
                  </span>
                  <span className="font-semibold text-slate-900">{formatPaise(r.chargePaise)}</span>
                </label>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600">
            Prices include GST and any cash-on-delivery fee; the charge is recorded with the shipment.
          </p>
        </fieldset>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Not now</Button>
        </DialogClose>
        {quote!.serviceable && (
          <Button type="submit" loading={buy.isPending} disabled={!rate || quote!.needsEwayBill}>
            {rate ? `Buy ${rate.courierName} for ${formatPaise(rate.chargePaise)}` : 'Buy courier'}
          </Button>
        )}
      </div>
    </form>
  );
}

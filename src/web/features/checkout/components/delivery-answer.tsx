import type { DeliveryOption } from '~/shared/pricing';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { formatDayRange } from './format-dates';

type QuoteDelivery = NonNullable<QuoteResponse['delivery']>;

/**
 * The address's PIN is not served by a courier for some seller's items (decision 80): said plainly, with
 * the items named, before any payment; the order cannot be placed until another address is chosen.
 */
export function UnservedDelivery({ delivery, onChangeAddress }: { delivery: QuoteDelivery; onChangeAddress?: () => void }) {
  if (delivery.serviceable) return null;
  return (
    <Alert tone="error" title={`We can't deliver to PIN code ${delivery.pinCode} yet`} className="mb-6">
      <p>{delivery.message}</p>
      {onChangeAddress && (
        <Button size="sm" variant="secondary" className="mt-2" onClick={onChangeAddress}>
          Choose another address
        </Button>
      )}
    </Alert>
  );
}

/**
 * When the order comes in several parcels (one per seller), each one's expected dates for the option chosen;
 * and when the courier did not answer, that the dates are the shop's usual ones for the PIN.
 */
export function ParcelEstimates({ delivery, option }: { delivery: QuoteDelivery; option: DeliveryOption }) {
  const several = delivery.parcels.length > 1;
  if (!several && !delivery.estimate) return null;
  return (
    <div className="space-y-2 text-sm text-slate-700">
      {several && (
        <>
          <p className="font-medium text-slate-800">Your order comes in {delivery.parcels.length} parcels:</p>
          <ul aria-label="Parcels" className="space-y-1">
            {delivery.parcels.map((parcel) => {
              const window = parcel[option];
              return (
                <li key={`${parcel.sellerName}-${parcel.items.join()}`} className="rounded-md bg-slate-50 p-2">
                  <span className="font-medium text-slate-900">{parcel.items.join(', ')}</span> from {parcel.sellerName}
                  {parcel.fromCity ? `, ${parcel.fromCity}` : ''}:{' '}
                  {window ? `expected ${formatDayRange(window.expectedFrom, window.expectedBy)}` : 'not delivered to this PIN code'}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {delivery.estimate && (
        <p className="text-amber-900">
          Estimated dates: the courier did not answer just now, so these are our usual delivery times to PIN code {delivery.pinCode}.
        </p>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { MapPin, Truck } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { PIN_CODE_MESSAGE, PIN_CODE_PATTERN } from '~/shared/delivery';
import type { DeliveryEstimate } from '~/shared/schemas/catalogue';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { formatWeekdayDate } from '~/web/lib/format';
import { deliveryEstimateQueryOptions } from '../../api/catalogue-queries';

/** Local-storage key of the PIN code the shopper last checked, so every product page knows it. */
export const DELIVERY_PIN_KEY = 'deliveryPin';

function readPin(): string {
  try {
    const pin = window.localStorage.getItem(DELIVERY_PIN_KEY) ?? '';
    return /^[1-9]\d{5}$/.test(pin) ? pin : '';
  } catch {
    return '';
  }
}

function savePin(pin: string) {
  try {
    window.localStorage.setItem(DELIVERY_PIN_KEY, pin);
  } catch {
    // Storage blocked: the estimate still shows for this page.
  }
}

function EstimateText({ estimate: answer, inStock }: { estimate: DeliveryEstimate; inStock: boolean | undefined }) {
  // The configuration shown decides whether it is in stock, when the page says (decision 70).
  const estimate =
    inStock === undefined || inStock === answer.inStock
      ? answer
      : { ...answer, inStock, message: inStock ? answer.message : 'This configuration is out of stock at the moment.' };
  const days =
    estimate.earliest === estimate.latest
      ? formatWeekdayDate(estimate.earliest)
      : `${formatWeekdayDate(estimate.earliest)} – ${formatWeekdayDate(estimate.latest)}`;
  if (!estimate.serviceable) {
    // No courier serves the PIN (decision 80): said plainly, no dates and no cash on delivery.
    return <p className="font-semibold text-red-800">{estimate.message}</p>;
  }
  return (
    <div className="space-y-1">
      {estimate.inStock ? (
        <p className="font-semibold text-slate-900">
          Delivery by {days} to {estimate.region}
        </p>
      ) : (
        <p className="font-semibold text-slate-900">{estimate.message}</p>
      )}
      {estimate.inStock && (
        <p className={estimate.codAvailable ? 'text-emerald-800' : 'text-slate-700'}>
          {estimate.codAvailable ? 'Cash on delivery available' : 'Cash on delivery is not available for this PIN code'}
        </p>
      )}
    </div>
  );
}

/**
 * A PIN code box that tells when this product would arrive there, and whether cash on delivery is possible.
 * `inStock`, when given, is the configuration shown's (the server's estimate knows the product's first).
 */
export function DeliveryEstimateBox({ productId, inStock }: { productId: string; inStock?: boolean }) {
  // The PIN kept in this browser is read after the first render, which must match the server's HTML.
  const [pin, setPin] = useState('');
  const [checkedPin, setCheckedPin] = useState('');
  useEffect(() => {
    const stored = readPin();
    if (stored) {
      // React's two-pass rendering for browser-only state: the first render matches the server's HTML.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPin(stored);
      setCheckedPin(stored);
    }
  }, []);
  const [error, setError] = useState<string | null>(null);
  const estimate = useQuery(deliveryEstimateQueryOptions(checkedPin, productId));
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule (deliveryEstimateQuerySchema), without loading the catalogue's schemas on the
    // product page: building them cost the page a long task of 100 ms on a slow phone.
    const value = pin.trim();
    if (!PIN_CODE_PATTERN.test(value)) {
      setError(PIN_CODE_MESSAGE);
      return;
    }
    setError(null);
    setPin(value);
    setCheckedPin(value);
    savePin(value);
  };

  const serverError = estimate.isError ? estimate.error.message : null;
  const shownError = error ?? serverError;

  return (
    <section aria-labelledby={`${inputId}-heading`} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <h2 id={`${inputId}-heading`} className="flex items-center gap-2 font-semibold text-slate-900">
        <Truck aria-hidden="true" className="size-4 text-brand-700" /> Delivery
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-2">
        <label htmlFor={inputId} className="block text-slate-700">
          PIN code
        </label>
        <div className="mt-1 flex gap-2">
          <div className="relative max-w-44 flex-1">
            <MapPin aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" />
            <input
              id={inputId}
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              placeholder="411004"
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? errorId : undefined}
              className={cn(
                'w-full rounded-md border bg-white py-2 pr-3 pl-8 text-base tracking-widest text-slate-900 sm:text-sm',
                shownError ? 'border-red-600' : 'border-slate-300 focus:border-brand-500',
              )}
            />
          </div>
          <Button type="submit" variant="secondary" loading={estimate.isFetching}>
            Check
          </Button>
        </div>
        {shownError && (
          <p id={errorId} className="mt-1 text-red-700">
            {shownError}
          </p>
        )}
      </form>
      <div role="status" className="mt-2 empty:hidden">
        {!error && estimate.data && <EstimateText estimate={estimate.data} inStock={inStock} />}
      </div>
      {!checkedPin && <p className="mt-1 text-slate-600">Enter your PIN code to see when it would reach you.</p>}
    </section>
  );
}

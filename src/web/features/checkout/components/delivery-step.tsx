import { formatPaise } from '~/shared/money';
import type { DeliveryOption } from '~/shared/pricing';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { ParcelEstimates } from './delivery-answer';
import { formatDayRange } from './format-dates';

const DELIVERY_TITLES: Record<DeliveryOption, string> = { standard: 'Standard delivery', express: 'Express delivery' };

/** What each option promises, with the shop's free-delivery threshold of the quote. */
function deliveryNote(option: DeliveryOption, quote: QuoteResponse): string {
  if (option === 'express') return 'One to two working days sooner';
  return quote.freeShippingAtPaise === 0 ? 'Free on every order' : `Free on orders of ${formatPaise(quote.freeShippingAtPaise)} or more`;
}

/**
 * How much more would make standard delivery free, or 0. The threshold is the shop's settings (in
 * the quote); the amounts are the quote's.
 */
export function freeDeliveryShortfall(quote: QuoteResponse): number {
  const payable = quote.totals.subtotalPaise - quote.totals.discountPaise;
  return Math.max(0, quote.freeShippingAtPaise - payable);
}

interface DeliveryStepProps {
  quote: QuoteResponse;
  value: DeliveryOption;
  onChange: (option: DeliveryOption) => void;
  onContinue: () => void;
  /** Back to the address step (a PIN no courier serves). */
  onChangeAddress: () => void;
}

/** Step 2: standard or express, with the price and the expected dates for the chosen address. */
export function DeliveryStep({ quote, value, onChange, onContinue, onChangeAddress }: DeliveryStepProps) {
  const shortfall = freeDeliveryShortfall(quote);
  const standard = quote.deliveryChoices.find((c) => c.option === 'standard');
  if (quote.delivery && !quote.delivery.serviceable) {
    // The alert above the steps says what is not delivered there.
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">There is no delivery option to this address for your cart.</p>
        <div className="flex justify-end">
          <Button size="lg" onClick={onChangeAddress}>
            Choose another address
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-3 text-sm font-medium text-slate-800">Delivery speed</legend>
        <ul className="grid gap-3">
          {quote.deliveryChoices.map((choice) => {
            const inputId = `delivery-${choice.option}`;
            const checked = choice.option === value;
            return (
              <li
                key={choice.option}
                className={cn(
                  'relative flex gap-3 rounded-lg border bg-white p-4 shadow-xs focus-within:ring-2 focus-within:ring-brand-500',
                  checked ? 'border-brand-700 ring-1 ring-brand-700' : 'border-slate-200',
                )}
              >
                <input
                  id={inputId}
                  type="radio"
                  name="delivery"
                  value={choice.option}
                  checked={checked}
                  onChange={() => onChange(choice.option)}
                  aria-describedby={`${inputId}-dates`}
                  className="relative z-10 mt-1 size-4 shrink-0"
                />
                <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-1">
                  <div>
                    <label htmlFor={inputId} className="font-semibold text-slate-900 after:absolute after:inset-0 after:content-['']">
                      {DELIVERY_TITLES[choice.option]}
                    </label>
                    <p id={`${inputId}-dates`} className="text-sm text-slate-700">
                      Expected {formatDayRange(choice.expectedFrom, choice.expectedBy)}
                    </p>
                    <p className="text-xs text-slate-600">{deliveryNote(choice.option, quote)}</p>
                  </div>
                  <p className="font-semibold text-slate-900">{choice.pricePaise === 0 ? 'Free' : formatPaise(choice.pricePaise)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {quote.delivery && <ParcelEstimates delivery={quote.delivery} option={value} />}
      {standard && standard.pricePaise > 0 && shortfall > 0 && (
        <p className="text-sm text-emerald-800">Add {formatPaise(shortfall)} more for free standard delivery.</p>
      )}
      <div className="flex justify-end">
        <Button size="lg" onClick={onContinue}>
          Continue to payment
        </Button>
      </div>
    </div>
  );
}

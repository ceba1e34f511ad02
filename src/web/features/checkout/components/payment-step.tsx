import { EMI_MIN_AMOUNT_PAISE, type EmiTenure } from '~/shared/emi';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '~/shared/orders';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { EmiTable } from './emi-table';

const METHOD_NOTES: Record<PaymentMethod, string> = {
  card: 'Visa, Mastercard, RuPay and American Express',
  upi: 'Pay from any UPI app',
  netbanking: 'All major Indian banks',
  emi: 'Monthly instalments on your credit card',
  cod: 'Pay in cash when your order arrives',
};

/** Why a method cannot be used for this order, or null when it can. */
export function unavailableReason(method: PaymentMethod, quote: QuoteResponse): string | null {
  if (method === 'cod' && !quote.cod.allowed) return quote.cod.reason ?? 'Cash on delivery is not available for this order.';
  if (method === 'emi' && quote.emiPlans.length === 0) return `EMI is available on orders of ${formatPaise(EMI_MIN_AMOUNT_PAISE)} or more.`;
  return null;
}

interface PaymentStepProps {
  quote: QuoteResponse;
  method: PaymentMethod | null;
  onMethod: (method: PaymentMethod) => void;
  emiTenure: EmiTenure | undefined;
  onEmiTenure: (months: EmiTenure) => void;
  onContinue: () => void;
  /** A problem with the choice: none made, or what the server said of it. */
  methodError: string | null;
  emiError: string | null;
}

/** Step 3: how to pay; EMI opens the table of tenures, cash on delivery says why when it is not offered. */
export function PaymentStep({ quote, method, onMethod, emiTenure, onEmiTenure, onContinue, methodError, emiError }: PaymentStepProps) {
  return (
    <div className="space-y-4">
      <fieldset aria-describedby={methodError ? 'payment-method-error' : undefined}>
        <legend className="mb-3 text-sm font-medium text-slate-800">Payment method</legend>
        <ul className="grid gap-3">
          {PAYMENT_METHODS.map((option) => {
            const inputId = `payment-${option}`;
            const reason = unavailableReason(option, quote);
            const checked = option === method;
            return (
              <li
                key={option}
                className={cn(
                  'rounded-lg border bg-white p-4 shadow-xs focus-within:ring-2 focus-within:ring-brand-500',
                  checked ? 'border-brand-700 ring-1 ring-brand-700' : 'border-slate-200',
                  reason && 'bg-slate-50',
                )}
              >
                <div className="relative flex gap-3">
                  <input
                    id={inputId}
                    type="radio"
                    name="payment-method"
                    value={option}
                    checked={checked}
                    disabled={reason !== null}
                    onChange={() => onMethod(option)}
                    aria-describedby={`${inputId}-note`}
                    className="relative z-10 mt-1 size-4 shrink-0"
                  />
                  <div>
                    <label
                      htmlFor={inputId}
                      className={cn(
                        "font-semibold after:absolute after:inset-0 after:content-['']",
                        reason ? 'text-slate-600' : 'text-slate-900',
                      )}
                    >
                      {PAYMENT_METHOD_LABELS[option]}
                    </label>
                    <p id={`${inputId}-note`} className={cn('text-sm', reason ? 'text-amber-900' : 'text-slate-600')}>
                      {reason ?? METHOD_NOTES[option]}
                    </p>
                  </div>
                </div>
                {option === 'emi' && checked && (
                  <div className="mt-4">
                    <EmiTable plans={quote.emiPlans} value={emiTenure} onChange={onEmiTenure} error={emiError} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {methodError && (
          <p id="payment-method-error" className="mt-2 text-sm text-red-700">
            {methodError}
          </p>
        )}
      </fieldset>
      <div className="flex justify-end">
        <Button size="lg" onClick={onContinue}>
          Continue to review
        </Button>
      </div>
    </div>
  );
}

import { Check } from 'lucide-react';
import { cn } from '~/web/components/ui/cn';

export const CHECKOUT_STEPS = ['address', 'delivery', 'payment', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const STEP_LABELS: Record<CheckoutStep, string> = {
  address: 'Address',
  delivery: 'Delivery',
  payment: 'Payment',
  review: 'Review',
};

/** Where the customer is in checkout; the steps already done can be opened again. */
export function CheckoutSteps({ current, onGoTo }: { current: CheckoutStep; onGoTo: (step: CheckoutStep) => void }) {
  const currentIndex = CHECKOUT_STEPS.indexOf(current);
  return (
    <nav aria-label="Checkout progress" className="mb-6">
      <ol className="grid grid-cols-4 gap-2 text-sm">
        {CHECKOUT_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const isCurrent = index === currentIndex;
          const marker = (
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                done && 'border-brand-700 bg-brand-700 text-white',
                isCurrent && 'border-brand-700 text-brand-800',
                !done && !isCurrent && 'border-slate-300 text-slate-600',
              )}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
          );
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn('border-t-4 pt-2', done || isCurrent ? 'border-brand-700' : 'border-slate-200')}
            >
              {done ? (
                <button
                  type="button"
                  onClick={() => onGoTo(step)}
                  aria-label={`${STEP_LABELS[step]} (done, change)`}
                  className="flex flex-col items-start gap-1 rounded-md text-left font-medium text-brand-800 hover:underline sm:flex-row sm:items-center sm:gap-2"
                >
                  {marker}
                  <span>{STEP_LABELS[step]}</span>
                </button>
              ) : (
                <span
                  className={cn(
                    'flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2',
                    isCurrent ? 'font-semibold text-slate-900' : 'text-slate-600',
                  )}
                >
                  {marker}
                  {STEP_LABELS[step]}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

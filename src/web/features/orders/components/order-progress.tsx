import { Check } from 'lucide-react';
import type { OrderDetail } from '~/shared/schemas/orders';
import { cn } from '~/web/components/ui/cn';
import { progressSteps } from '../order-progress-steps';

/** Placed → Packed → Shipped → Delivered as they happened, for an order on the normal path (nothing otherwise). */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const steps = progressSteps(order);
  if (!steps) return null;
  const current = steps.findLastIndex((s) => s.reached);
  return (
    <ol aria-label="Order progress" className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm">
      {steps.map((step, i) => (
        <li key={step.key} aria-current={i === current ? 'step' : undefined} className="flex flex-col items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn(
              'flex size-8 items-center justify-center rounded-full border-2',
              step.reached ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-500',
            )}
          >
            {step.reached ? <Check className="size-4" /> : i + 1}
          </span>
          <span className={cn(step.reached ? 'font-semibold text-slate-900' : 'text-slate-600')}>
            {step.label}
            <span className="sr-only">{i < current ? ' (done)' : i === current ? ' (current)' : ' (to come)'}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

import { Check } from 'lucide-react';
import { ORDER_PROGRESS, ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders';
import { cn } from '~/web/components/ui/cn';

/** Placed → Processing → Shipped → Delivered, for an order on the normal path (nothing otherwise). */
export function OrderProgress({ status }: { status: OrderStatus }) {
  const current = ORDER_PROGRESS.indexOf(status);
  if (current < 0) return null;
  return (
    <ol aria-label="Order progress" className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm">
      {ORDER_PROGRESS.map((step, i) => {
        const done = i <= current;
        return (
          <li key={step} aria-current={i === current ? 'step' : undefined} className="flex flex-col items-center gap-1.5">
            <span
              aria-hidden="true"
              className={cn(
                'flex size-8 items-center justify-center rounded-full border-2',
                done ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-500',
              )}
            >
              {done ? <Check className="size-4" /> : i + 1}
            </span>
            <span className={cn(done ? 'font-semibold text-slate-900' : 'text-slate-600')}>
              {ORDER_STATUS_LABELS[step]}
              <span className="sr-only">{i < current ? ' (done)' : i === current ? ' (current)' : ' (to come)'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

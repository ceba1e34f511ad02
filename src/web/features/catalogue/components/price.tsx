import { formatPaise } from '~/shared/money';
import { cn } from '~/web/components/ui/cn';

/** Price with the MRP struck through and the discount, as Indian shops show it. */
export function Price({
  pricePaise,
  mrpPaise,
  discountPercent,
  size = 'md',
  className,
}: {
  pricePaise: number;
  mrpPaise: number;
  discountPercent: number;
  size?: 'md' | 'lg';
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      <span className={cn('font-bold text-slate-900', size === 'lg' ? 'text-3xl' : 'text-lg')}>{formatPaise(pricePaise)}</span>
      {discountPercent > 0 && (
        <>
          <span className={cn('text-slate-600 line-through', size === 'lg' ? 'text-base' : 'text-sm')}>
            <span className="sr-only">MRP </span>
            {formatPaise(mrpPaise)}
          </span>
          <span className={cn('font-semibold text-emerald-800', size === 'lg' ? 'text-base' : 'text-sm')}>{discountPercent}% off</span>
        </>
      )}
    </div>
  );
}

import { Star } from 'lucide-react';
import { cn } from '~/web/components/ui/cn';
import { formatCount } from '~/web/lib/format';

/** Five stars filled to the average (to the half star), with the count; read as "Rated 4.3 out of 5 by 128 customers". */
export function RatingStars({
  average,
  count,
  size = 'sm',
  className,
}: {
  average: number;
  count: number;
  size?: 'sm' | 'md';
  className?: string;
}) {
  if (count === 0) return <span className={cn('text-sm text-slate-600', className)}>No ratings yet</span>;
  const rounded = Math.round(average * 2) / 2;
  const px = size === 'md' ? 'size-5' : 'size-4';
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm text-slate-700', className)}>
      <span className="sr-only">
        Rated {average.toFixed(1)} out of 5 by {formatCount(count)} {count === 1 ? 'customer' : 'customers'}
      </span>
      <span aria-hidden="true" className="inline-flex">
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className="relative inline-block">
            <Star className={cn(px, 'text-slate-300')} fill="currentColor" strokeWidth={0} />
            {rounded >= i - 0.5 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: rounded >= i ? '100%' : '50%' }}>
                <Star className={cn(px, 'text-amber-500')} fill="currentColor" strokeWidth={0} />
              </span>
            )}
          </span>
        ))}
      </span>
      <span aria-hidden="true" className="font-medium">
        {average.toFixed(1)} <span className="text-slate-600">({formatCount(count)})</span>
      </span>
    </span>
  );
}

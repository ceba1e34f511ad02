import { cn } from '~/web/components/ui/cn';
import { formatCount } from '~/web/lib/format';

/**
 * Five star characters with a copy in amber clipped to `filled` of them over them: a few bytes of
 * HTML (an SVG per star made listing pages ten times heavier, and cost the server's render its time).
 */
function StarRow({ filled, className }: { filled: number; className: string }) {
  return (
    <span aria-hidden="true" className={cn('stars', className)}>
      ★★★★★
      <span className="stars-filled" style={{ width: `${(filled / 5) * 100}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

/** The stars one customer gave, read as "Rated 4 out of 5". */
export function GivenStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center">
      <span className="sr-only">Rated {rating} out of 5</span>
      <StarRow filled={rating} className="text-base" />
    </span>
  );
}

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
  const text = size === 'md' ? 'text-xl' : 'text-base';
  return (
    <span className={cn('rating', className)}>
      <span className="sr-only">
        Rated {average.toFixed(1)} out of 5 by {formatCount(count)} {count === 1 ? 'customer' : 'customers'}
      </span>
      <StarRow filled={rounded} className={text} />
      <span aria-hidden="true" className="font-medium">
        {average.toFixed(1)} <span className="text-slate-600">({formatCount(count)})</span>
      </span>
    </span>
  );
}

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
    <div className={cn('price', size === 'lg' && 'price-lg', className)}>
      <span className="price-now">{formatPaise(pricePaise)}</span>
      {discountPercent > 0 && (
        <>
          <span className="price-mrp">
            <span className="sr-only">MRP </span>
            {formatPaise(mrpPaise)}
          </span>
          <span className="price-off">{discountPercent}% off</span>
        </>
      )}
    </div>
  );
}

import { formatPaise } from '~/shared/money';
import { cn } from '~/web/components/ui/cn';

/**
 * "after ₹12,998.00 coupon WELCOME10", under a seller's amount: the customer's shop coupon took that
 * share off the seller's lines and the seller bears it (decision 49), so the amount is below its
 * prices. Nothing when the coupon took nothing. A refund line's share is negative, like its other
 * figures; the note says how much, the line's sign says which way.
 */
export function CouponShareNote({ paise, code, className }: { paise: number; code?: string | null; className?: string }) {
  if (paise === 0) return null;
  return (
    <p className={cn('text-xs text-slate-600', className)}>
      after {formatPaise(Math.abs(paise))} coupon{code ? ` ${code}` : ''}
    </p>
  );
}

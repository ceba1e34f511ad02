import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { CartTotals } from '~/shared/schemas/cart';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Skeleton } from '~/web/components/ui/feedback';

interface CartSummaryProps {
  totals: CartTotals | undefined;
  /** The totals are of an earlier version of the cart and a check is on its way. */
  checking: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Lines the customer still has to accept or remove. */
  flagged: number;
}

/** The totals the server worked out from current prices (never the ones stored in the browser). */
export function CartSummary({ totals, checking, error, onRetry, flagged }: CartSummaryProps) {
  const ready = totals !== undefined && !checking && !error && flagged === 0;
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      {error ? (
        <div role="alert" className="mt-4 space-y-3 text-sm text-red-900">
          <p>Could not check the prices and stock of your cart. {error.message}</p>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : !totals ? (
        <div role="status" aria-label="Checking prices and stock" className="mt-4 space-y-3">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-7 w-full" />
        </div>
      ) : (
        <div aria-busy={checking || undefined} className={checking ? 'opacity-60' : undefined}>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between">
              <dt>
                Subtotal ({totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'})
              </dt>
              <dd>{formatPaise(totals.subtotalPaise)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>{totals.shippingPaise === 0 ? 'Free' : formatPaise(totals.shippingPaise)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
              <dt>Total</dt>
              <dd data-testid="cart-total">{formatPaise(totals.totalPaise)}</dd>
            </div>
          </dl>
          <p className="mt-1 text-xs text-slate-600">Includes GST of {formatPaise(totals.gstIncludedPaise)}</p>
          {totals.freeShippingShortfallPaise > 0 && (
            <p className="mt-2 text-sm text-emerald-800">Add {formatPaise(totals.freeShippingShortfallPaise)} more for free delivery</p>
          )}
        </div>
      )}
      {ready ? (
        <ButtonLink to={paths.checkout} size="lg" className="mt-5 w-full">
          Proceed to checkout
        </ButtonLink>
      ) : (
        <>
          <Button size="lg" className="mt-5 w-full" disabled aria-describedby="checkout-blocked">
            Proceed to checkout
          </Button>
          <p id="checkout-blocked" className="mt-2 text-xs text-slate-600">
            {error
              ? 'Retry the check to continue.'
              : flagged > 0
                ? 'Accept or remove the changed items above to continue.'
                : 'Checking prices and stock…'}
          </p>
        </>
      )}
    </aside>
  );
}

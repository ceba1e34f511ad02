import type { ReactNode } from 'react';
import { formatPaise } from '~/shared/money';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { Skeleton } from '~/web/components/ui/feedback';

function Row({ label, children, strong = false }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between border-t border-slate-200 pt-2 text-base font-semibold' : 'flex justify-between gap-3'}>
      <dt>{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

/** The price breakdown of the quote: subtotal, discount, shipping, total and the GST inside it. */
interface OrderSummaryProps {
  quote: QuoteResponse | undefined;
  /** A newer quote is on its way: the figures shown are of the previous inputs. */
  updating: boolean;
  /** The quote failed and there is nothing to show yet. */
  error: Error | null;
  onRetry: () => void;
  children?: ReactNode;
}

export function OrderSummary({ quote, updating, error, onRetry, children }: OrderSummaryProps) {
  const itemCount = quote?.lines.reduce((n, l) => n + l.quantity, 0) ?? 0;
  return (
    <aside aria-labelledby="order-summary-heading" className="h-fit rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      {!quote && error ? (
        <div role="alert" className="mt-4 space-y-3 text-sm text-red-900">
          <p>Your order could not be priced. {error.message}</p>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : !quote ? (
        <div role="status" aria-label="Pricing your order" className="mt-4 space-y-3">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-7 w-full" />
        </div>
      ) : (
        <div aria-busy={updating || undefined} className={updating ? 'opacity-60' : undefined}>
          <dl className="mt-4 space-y-2 text-sm">
            <Row label={`Subtotal (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`}>{formatPaise(quote.totals.subtotalPaise)}</Row>
            {quote.totals.discountPaise > 0 && (
              <Row label={quote.coupon ? `Discount (${quote.coupon.code})` : 'Discount'}>
                <span className="text-emerald-800">−{formatPaise(quote.totals.discountPaise)}</span>
              </Row>
            )}
            <Row label="Shipping">{quote.totals.shippingPaise === 0 ? 'Free' : formatPaise(quote.totals.shippingPaise)}</Row>
            <Row label="Total" strong>
              <span data-testid="checkout-total">{formatPaise(quote.totals.totalPaise)}</span>
            </Row>
          </dl>
          <div className="mt-3 rounded-md bg-slate-50 p-3 text-xs text-slate-700">
            <p>Prices include GST of {formatPaise(quote.totals.gstPaise)}:</p>
            {quote.placeOfSupply && (
              <p>
                Place of supply: {quote.placeOfSupply.state} ({quote.placeOfSupply.code})
              </p>
            )}
            {quote.intraState === null ? (
              <p>choose a delivery address to see how it is split.</p>
            ) : (
              <dl className="mt-1 space-y-0.5">
                {quote.intraState ? (
                  <>
                    <Row label="CGST">{formatPaise(quote.totals.cgstPaise)}</Row>
                    <Row label="SGST">{formatPaise(quote.totals.sgstPaise)}</Row>
                  </>
                ) : (
                  <>
                    <Row label="IGST">{formatPaise(quote.totals.igstPaise)}</Row>
                    {/* Items of a seller in the delivery state still carry CGST + SGST. */}
                    {quote.totals.cgstPaise + quote.totals.sgstPaise > 0 && (
                      <Row label="CGST + SGST">{formatPaise(quote.totals.cgstPaise + quote.totals.sgstPaise)}</Row>
                    )}
                  </>
                )}
              </dl>
            )}
          </div>
        </div>
      )}
      {children}
    </aside>
  );
}

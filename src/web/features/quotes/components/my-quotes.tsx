import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { Quote } from '~/shared/schemas/quotes';
import { ButtonLink, buttonClasses } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { formatDate } from '~/web/lib/format';
import { myPriceQuotesOptions } from '~/web/lib/price-quotes';
import { QuoteStatusBadge } from './quote-status-badge';

function QuoteAnswer({ quote }: { quote: Quote }) {
  if (quote.status === 'requested') return <p className="text-sm text-slate-700">Waiting for {quote.sellerName} to answer.</p>;
  if (quote.status === 'declined')
    return (
      <p className="text-sm text-slate-700">
        {quote.sellerName} declined: {quote.declineReason}
      </p>
    );
  const price = quote.unitPricePaise ?? 0;
  return (
    <div className="space-y-1 text-sm text-slate-800">
      <p>
        <strong>{formatPaise(price)} each</strong> ({formatPaise(price * quote.quantity)} in all, GST included)
        {price < quote.listPricePaise && <span className="text-slate-600"> · listed at {formatPaise(quote.listPricePaise)}</span>}
      </p>
      {quote.validUntil && (
        <p className="text-slate-600">
          {quote.status === 'expired' ? 'Expired on' : 'Valid until'}{' '}
          <time dateTime={quote.validUntil}>{formatDate(quote.validUntil)}</time>
        </p>
      )}
      {quote.answerNote && <p className="text-slate-600">The seller wrote: {quote.answerNote}</p>}
    </div>
  );
}

/** The customer's quotes (decision 77), newest first: each with its status, the seller's price and expiry, and Pay. */
export function MyQuotes() {
  const quotes = useQuery(myPriceQuotesOptions());
  if (quotes.isPending) return <ListSkeleton rows={3} label="Loading your quotes" />;
  if (quotes.isError)
    return <ErrorState title="Your quotes could not be loaded" error={quotes.error} onRetry={() => void quotes.refetch()} />;
  if (quotes.data.length === 0)
    return (
      <EmptyState icon={<FileText />} title="No quotes yet" action={<ButtonLink to={paths.products}>Browse products</ButtonLink>}>
        Buying in quantity? On a product&apos;s page, choose “Request a quote” and the seller answers with a price.
      </EmptyState>
    );
  return (
    <ul className="space-y-3" aria-label="Your quotes">
      {quotes.data.map((q) => (
        <li key={q.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <Link to={paths.product(q.productId)} className="text-base font-semibold text-brand-700 underline">
                {q.quantity} × {q.productName}
              </Link>
              <p className="text-sm text-slate-700">
                From {q.sellerName}
                {q.business && (
                  <>
                    {' '}
                    · for {q.business.legalName} ({q.business.gstin})
                  </>
                )}{' '}
                · asked <time dateTime={q.createdAt}>{formatDate(q.createdAt)}</time>
              </p>
            </div>
            <QuoteStatusBadge status={q.status} />
          </div>
          <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
            <QuoteAnswer quote={q} />
            {q.status === 'answered' && (
              <Link to={paths.checkoutQuote(q.id)} className={buttonClasses('primary')}>
                Pay this quote
                <span className="sr-only">
                  : {q.quantity} × {q.productName}
                </span>
              </Link>
            )}
            {q.status === 'ordered' && q.orderId && (
              <Link to={paths.orderDetails(q.orderId)} className="text-sm font-semibold text-brand-700 underline">
                Open the order
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

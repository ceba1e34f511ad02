import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { Quote } from '~/shared/schemas/quotes';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { CheckoutFlow, type PayingQuote } from '~/web/features/checkout/components/checkout-flow';
import { formatDate } from '~/web/lib/format';
import { myPriceQuoteOptions } from '~/web/lib/price-quotes';
import { useDocumentTitle } from '~/web/lib/use-document-title';

function payingOf(quote: Quote): PayingQuote {
  return {
    quoteId: quote.id,
    items: [
      { productId: quote.productId, ...(quote.offerId !== quote.productId ? { offerId: quote.offerId } : {}), quantity: quote.quantity },
    ],
    businessId: quote.business?.id ?? null,
    summary: `${quote.quantity} × ${quote.productName} at ${formatPaise(quote.unitPricePaise ?? 0)} each from ${quote.sellerName}, valid until ${formatDate(quote.validUntil!)}.`,
  };
}

/** `/checkout`: the cart's checkout, or with `?quote=` the checkout of one answered quote (decision 77). */
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const [params] = useSearchParams();
  const quoteId = params.get('quote');
  const quote = useQuery({ ...myPriceQuoteOptions(quoteId ?? ''), enabled: quoteId !== null });

  let body;
  if (quoteId === null) body = <CheckoutFlow />;
  else if (quote.isPending) body = <ListSkeleton rows={3} label="Loading your quote" />;
  else if (quote.isError)
    body = <ErrorState title="Your quote could not be loaded" error={quote.error} onRetry={() => void quote.refetch()} />;
  else if (quote.data.status !== 'answered')
    body = (
      <EmptyState title="This quote cannot be paid" action={<ButtonLink to={paths.accountQuotes}>Go to my quotes</ButtonLink>}>
        {quote.data.status === 'ordered'
          ? 'It was already used for an order.'
          : quote.data.status === 'expired'
            ? 'Its price has expired. Ask the seller for a new quote.'
            : quote.data.status === 'declined'
              ? 'The seller declined it.'
              : 'The seller has not answered it yet.'}
      </EmptyState>
    );
  else body = <CheckoutFlow paying={payingOf(quote.data)} />;

  return (
    <div>
      <PageHeader title="Checkout" />
      {body}
    </div>
  );
}

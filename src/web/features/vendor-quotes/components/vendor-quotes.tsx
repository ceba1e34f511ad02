import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { priceQuoteDeclineSchema, QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus, type VendorQuote } from '~/shared/schemas/quotes';
import { Badge, type Tone } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { SelectField } from '~/web/components/ui/form-fields';
import { ReasonDialog } from '~/web/components/ui/reason-dialog';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useDeclineQuote, vendorQuotesOptions } from '../api/vendor-quote-queries';
import { AnswerQuoteForm } from './answer-quote-form';

const TONES: Record<QuoteStatus, Tone> = {
  requested: 'warning',
  answered: 'success',
  declined: 'danger',
  expired: 'neutral',
  ordered: 'brand',
};

function QuoteCard({ quote }: { quote: VendorQuote }) {
  const [answering, setAnswering] = useState(false);
  const [declining, setDeclining] = useState(false);
  const decline = useDeclineQuote();
  const open = quote.status !== 'ordered' && quote.status !== 'declined';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-base font-semibold text-slate-900">
            {quote.quantity} × {quote.productName}
          </p>
          <p className="text-sm text-slate-700">
            {quote.customerName}
            {quote.business && (
              <>
                {' '}
                for {quote.business.legalName} (GSTIN {quote.business.gstin})
              </>
            )}{' '}
            · asked <time dateTime={quote.createdAt}>{formatDate(quote.createdAt)}</time> · listed at {formatPaise(quote.listPricePaise)}
          </p>
          {quote.note && <p className="mt-1 text-sm text-slate-700">Their note: {quote.note}</p>}
        </div>
        <Badge tone={TONES[quote.status]}>{QUOTE_STATUS_LABELS[quote.status]}</Badge>
      </div>
      {quote.unitPricePaise !== null && quote.status !== 'declined' && (
        <p className="mt-2 text-sm text-slate-800">
          Your price: <strong>{formatPaise(quote.unitPricePaise)} each</strong> ({formatPaise(quote.unitPricePaise * quote.quantity)} in
          all)
          {quote.validUntil && (
            <>
              {' '}
              · {quote.status === 'expired' ? 'expired' : 'valid until'}{' '}
              <time dateTime={quote.validUntil}>{formatDate(quote.validUntil)}</time>
            </>
          )}
        </p>
      )}
      {quote.status === 'declined' && <p className="mt-2 text-sm text-slate-700">You declined: {quote.declineReason}</p>}
      {quote.status === 'ordered' && quote.orderId && (
        <p className="mt-2 text-sm">
          <Link to={paths.vendorOrder(quote.orderId)} className="font-semibold text-brand-700 underline">
            Open the order
          </Link>
        </p>
      )}
      {answering ? (
        <AnswerQuoteForm quote={quote} onDone={() => setAnswering(false)} />
      ) : (
        open && (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => setAnswering(true)}>
              {quote.status === 'requested' ? 'Answer with a price' : 'Send a new price'}
              <span className="sr-only"> for {quote.productName}</span>
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(true)}>
              Decline<span className="sr-only"> the quote for {quote.productName}</span>
            </Button>
          </div>
        )
      )}
      <ReasonDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Decline this quote request"
        description={`${quote.customerName} is told by e-mail, with your reason.`}
        hint="For example: we cannot source this many this month."
        schema={priceQuoteDeclineSchema.shape.reason}
        confirmLabel="Decline"
        danger
        pending={decline.isPending}
        onConfirm={async (reason) => {
          await decline.mutateAsync({ id: quote.id, reason });
          toast.success(`Declined the request of ${quote.customerName}.`);
        }}
      />
    </li>
  );
}

/** The seller centre's quote requests (decision 77): newest first, filtered by status in the URL, each answered or declined. */
export function VendorQuotes({
  status,
  onStatus,
}: {
  status: QuoteStatus | undefined;
  onStatus: (status: QuoteStatus | undefined) => void;
}) {
  const list = useQuery(vendorQuotesOptions(status ? { status } : {}));
  return (
    <div className="space-y-4">
      <SelectField
        label="Show"
        className="max-w-xs"
        value={status ?? ''}
        onChange={(e) => onStatus((e.target.value || undefined) as QuoteStatus | undefined)}
        options={QUOTE_STATUSES}
        labels={QUOTE_STATUS_LABELS}
        placeholder="All quotes"
      />
      {list.isPending ? (
        <ListSkeleton rows={3} label="Loading quote requests" />
      ) : list.isError ? (
        <ErrorState title="Quote requests could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={<FileText />} title={status ? `No quotes ${QUOTE_STATUS_LABELS[status].toLowerCase()}` : 'No quote requests yet'}>
          Customers who want more than a product&apos;s limit per order, or a business price, ask you here.
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Quote requests, newest first">
          {list.data.items.map((q) => (
            <QuoteCard key={q.id} quote={q} />
          ))}
        </ul>
      )}
    </div>
  );
}

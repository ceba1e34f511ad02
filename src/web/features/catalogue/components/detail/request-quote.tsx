import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '~/shared/paths';
import { quantityLimitText, type QuantityLimits } from '~/shared/quantity-limits';
import { priceQuoteRequestSchema } from '~/shared/schemas/quotes';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { FieldShell, TextareaField, TextField, controlClasses } from '~/web/components/ui/form-fields';
import { businessesQueryOptions } from '~/web/lib/addresses/business-queries';
import { isApiError } from '~/web/lib/api-client';
import { useRequestPriceQuote } from '~/web/lib/price-quotes';
// Who is signed in decides whether the form or a sign-in link shows (a deliberate read of the session, as the wishlist's).
import { useSessionPending, useUser } from '~/web/lib/session/session';
import { toast } from '~/web/lib/toast';

interface RequestQuoteProps {
  productId: string;
  /** The seller's offer the page sells (decision 70); none: the product's own. */
  offerId?: string;
  productName: string;
  sellerName: string;
  limits: QuantityLimits;
}

type Fields = 'quantity' | 'businessId' | 'note';

/**
 * "Request a quote" (decision 77): for more than the product's limit, or any quantity a business wants, a signed-in
 * customer asks the seller for a price: the quantity, one of their businesses (or none) and a note. The answer comes
 * by e-mail and under My quotes, where it can be paid.
 */
export function RequestQuote({ productId, offerId, productName, sellerName, limits }: RequestQuoteProps) {
  const user = useUser();
  const sessionPending = useSessionPending();
  const location = useLocation();
  const navigate = useNavigate();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(String(limits.consumer + 1));
  const [businessId, setBusinessId] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const isCustomer = user?.role === 'customer';
  const businesses = useQuery({ ...businessesQueryOptions(), enabled: open && isCustomer });
  const request = useRequestPriceQuote();

  if (user && !isCustomer) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = priceQuoteRequestSchema.safeParse({
      productId,
      ...(offerId && offerId !== productId ? { offerId } : {}),
      quantity: Number(quantity),
      ...(businessId ? { businessId } : {}),
      ...(note.trim() ? { note } : {}),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setFailure(null);
    request.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`Quote requested from ${sellerName}. Their answer will be under My quotes and in your e-mail.`, {
          action: { label: 'My quotes', onClick: () => void navigate(paths.accountQuotes) },
        });
        setOpen(false);
        setNote('');
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields as Partial<Record<Fields, string>>);
        setFailure(error.message);
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <FileText aria-hidden="true" className="size-5 text-brand-700" />
        Bulk and business orders
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {quantityLimitText(limits)}. For more, or a business price, ask {sellerName} for a quote.
      </p>
      {sessionPending ? null : !user ? (
        <p className="mt-3 text-sm">
          <Link
            to={paths.login}
            state={{ from: `${location.pathname}${location.search}` }}
            className="font-semibold text-brand-700 underline"
          >
            Sign in to request a quote
          </Link>
        </p>
      ) : !open ? (
        <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
          Request a quote
        </Button>
      ) : (
        <form className="mt-3 grid gap-3" onSubmit={submit} noValidate aria-label={`Request a quote for ${productName}`}>
          <TextField
            label="Quantity"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            error={errors.quantity}
          />
          <FieldShell
            label="Buying for"
            error={errors.businessId}
            hint={
              businesses.data?.length === 0 ? (
                <>
                  To be billed with your GSTIN, add your business in <Link to={paths.accountProfile}>your account</Link> first.
                </>
              ) : (
                'The quote and its tax invoice name the business you choose.'
              )
            }
          >
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={controlClasses(invalid)}
                value={businessId}
                onChange={(e) => setBusinessId(e.target.value)}
                disabled={businesses.isPending}
              >
                <option value="">Myself (no GSTIN)</option>
                {businesses.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.legalName} ({b.gstin})
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
          {businesses.isError && (
            <Alert tone="error">
              Your businesses could not be loaded.{' '}
              <Button size="sm" variant="secondary" onClick={() => void businesses.refetch()}>
                Retry
              </Button>
            </Alert>
          )}
          <TextareaField
            label="Note for the seller (optional)"
            hint="Delivery dates, configuration, payment terms…"
            rows={3}
            className="[&_textarea]:min-h-20"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={errors.note}
          />
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={request.isPending}>
              Send the request
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

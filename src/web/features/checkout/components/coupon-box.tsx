import { useQuery } from '@tanstack/react-query';
import { TicketPercent, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatPaise } from '~/shared/money';
import { couponCodeSchema } from '~/shared/schemas/coupons';
import type { CartOffersRequest, QuoteResponse } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { TextField } from '~/web/components/ui/form-fields';
import { couponsQueryOptions } from '../api/list-coupons';
import { CouponOffers } from './coupon-offers';

interface CouponBoxProps {
  /** The cart's lines, which the offers are judged on. */
  items: CartOffersRequest['items'];
  applied: QuoteResponse['coupon'];
  /** Asks for the order priced with this code; resolves with why it does not apply, or null when it does. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
  /** What the server said of the coupon when the order was placed. */
  error: string | null;
}

/** A code typed in or picked from the offers this cart can use; the applied one shows with Remove. */
export function CouponBox({ items, applied, onApply, onRemove, error }: CouponBoxProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const offers = useQuery(couponsQueryOptions(items));

  const apply = async (raw: string, source: string) => {
    const parsed = couponCodeSchema.safeParse(raw);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a coupon code');
      return;
    }
    setFieldError(null);
    setPending(source);
    try {
      const problem = await onApply(parsed.data);
      setFieldError(problem);
      if (!problem) setCode('');
    } catch (e) {
      setFieldError(e instanceof Error ? e.message : 'The coupon could not be checked. Please try again.');
    } finally {
      setPending(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void apply(code, 'typed');
  };

  const shownError = fieldError ?? error;
  return (
    <section aria-labelledby="coupon-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="coupon-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <TicketPercent aria-hidden="true" className="size-5 text-brand-700" />
        Coupon
      </h3>
      {applied ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950"
        >
          <p>
            <strong>{applied.code}</strong> applied: you save {formatPaise(applied.discountPaise)}.{' '}
            <span className="text-emerald-900">{applied.description}</span>
          </p>
          <Button size="sm" variant="secondary" onClick={onRemove} aria-label={`Remove coupon ${applied.code}`}>
            <X aria-hidden="true" className="size-4" />
            Remove
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
          <TextField
            label="Coupon code"
            className="min-w-0 flex-1"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            error={shownError ?? undefined}
          />
          <Button type="submit" variant="secondary" className="mt-7" loading={pending === 'typed'}>
            Apply
          </Button>
        </form>
      )}
      {applied && shownError && <p className="text-sm text-red-700">{shownError}</p>}
      {offers.data && offers.data.length > 0 && (
        <CouponOffers
          offers={offers.data}
          appliedCode={applied?.code ?? null}
          pending={pending}
          onApply={(offerCode) => void apply(offerCode, offerCode)}
        />
      )}
      {offers.isError && !offers.data && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          The offers could not be loaded.
          <Button size="sm" variant="secondary" onClick={() => void offers.refetch()}>
            Retry
          </Button>
        </p>
      )}
    </section>
  );
}

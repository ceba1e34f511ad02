import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CATEGORIES, type Category } from '~/shared/constants';
import type { CommissionRates } from '~/shared/schemas/payouts';
import { Button } from '~/web/components/ui/button';
import { Alert, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { commissionRatesQueryOptions, useUpdateCommissionRates } from '../api/admin-payouts-queries';
import { parsePercent, percent, percentText } from './payout-figures';

type Errors = Partial<Record<Category, string>>;

function RatesForm({ rates }: { rates: CommissionRates['rates'] }) {
  const update = useUpdateCommissionRates();
  const byCategory = new Map(rates.map((r) => [r.category, r]));
  const [text, setText] = useState<Record<Category, string>>(
    () => Object.fromEntries(CATEGORIES.map((c) => [c, byCategory.has(c) ? percentText(byCategory.get(c)!.rateBp) : ''])) as never,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Errors = {};
    const input: { category: Category; rateBp: number }[] = [];
    for (const category of CATEGORIES) {
      const parsed = parsePercent(text[category]);
      if (parsed === null) found[category] = 'Enter a rate from 0% to 50%';
      else if ('error' in parsed) found[category] = parsed.error;
      else input.push({ category, rateBp: parsed.bp });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { rates: input },
      {
        onSuccess: (saved) =>
          toast.success(`Commission rates saved: ${saved.rates.map((r) => `${r.category} ${percent(r.rateBp)}`).join(', ')}.`),
        onError: (error) => {
          if (isApiError(error)) {
            const placed: Errors = {};
            for (const [field, message] of Object.entries(error.fields)) {
              const index = /^rates\.(\d+)/.exec(field)?.[1];
              if (index !== undefined) placed[input[Number(index)]!.category] = message;
            }
            setErrors(placed);
          }
          setFormError(error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Commission rates per category" className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-3">
        {CATEGORIES.map((category) => (
          <TextField
            key={category}
            label={`${category} commission (%)`}
            inputMode="decimal"
            autoComplete="off"
            value={text[category]}
            onChange={(e) => setText((t) => ({ ...t, [category]: e.target.value }))}
            error={errors[category]}
            hint={byCategory.get(category) ? `Since ${formatDate(byCategory.get(category)!.updatedAt)}` : 'Not set: no commission'}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Charged on the GST-inclusive sale value of lines delivered from now on. Recorded lines keep theirs.
        </p>
        <Button type="submit" loading={update.isPending}>
          Save rates
        </Button>
      </div>
    </form>
  );
}

/** The marketplace's commission per category (0% to 50%), audited; a vendor's plan may replace it. */
export function CommissionRatesSection() {
  const rates = useQuery(commissionRatesQueryOptions());
  return (
    <section aria-labelledby="commission-rates-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="commission-rates-heading" className="text-lg font-semibold text-slate-900">
        Commission rates per category
      </h2>
      <div className="mt-4">
        {rates.isPending ? (
          <ListSkeleton rows={1} label="Loading commission rates" />
        ) : rates.isError ? (
          <ErrorState title="Commission rates could not be loaded" error={rates.error} onRetry={() => void rates.refetch()} />
        ) : (
          <RatesForm rates={rates.data.rates} />
        )}
      </div>
    </section>
  );
}

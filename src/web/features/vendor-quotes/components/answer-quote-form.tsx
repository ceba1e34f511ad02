import { useState, type FormEvent } from 'react';
import { formatPaise, parseRupeesToPaise } from '~/shared/money';
import { priceQuoteAnswerSchema, QUOTE_VALIDITY_DAYS, type VendorQuote } from '~/shared/schemas/quotes';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextareaField, TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useAnswerQuote } from '../api/vendor-quote-queries';

type Fields = 'unitPricePaise' | 'validDays' | 'note';

/** The seller's price for a quote: a unit price in rupees (at most the MRP, may be below the offer's) and its validity in days. */
export function AnswerQuoteForm({ quote, onDone }: { quote: VendorQuote; onDone: () => void }) {
  const [price, setPrice] = useState(quote.unitPricePaise ? String(quote.unitPricePaise / 100) : String(quote.listPricePaise / 100));
  const [days, setDays] = useState(String(quote.validDays ?? 7));
  const [note, setNote] = useState(quote.answerNote ?? '');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const answer = useAnswerQuote();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const paise = parseRupeesToPaise(price);
    if (paise === null) return setErrors({ unitPricePaise: 'Enter the unit price in rupees, like 64999 or 64999.50' });
    if (paise > quote.mrpPaise) return setErrors({ unitPricePaise: `At most the MRP, ${formatPaise(quote.mrpPaise)}` });
    const parsed = priceQuoteAnswerSchema.safeParse({ unitPricePaise: paise, validDays: Number(days), ...(note.trim() ? { note } : {}) });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    setFailure(null);
    answer.mutate(
      { id: quote.id, answer: parsed.data },
      {
        onSuccess: () => {
          toast.success(`Quote sent to ${quote.customerName}: ${formatPaise(paise)} each for ${parsed.data.validDays} days.`);
          onDone();
        },
        onError: (error) => {
          if (isApiError(error)) setErrors(error.fields as Partial<Record<Fields, string>>);
          setFailure(error.message);
        },
      },
    );
  };

  return (
    <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate aria-label={`Answer the quote for ${quote.productName}`}>
      <TextField
        label="Unit price (₹, GST included)"
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        hint={`Listed at ${formatPaise(quote.listPricePaise)}; MRP ${formatPaise(quote.mrpPaise)}`}
        error={errors.unitPricePaise}
      />
      <TextField
        label="Valid for (days)"
        inputMode="numeric"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        hint={`${QUOTE_VALIDITY_DAYS.min} to ${QUOTE_VALIDITY_DAYS.max} days`}
        error={errors.validDays}
      />
      <TextareaField
        label="Note for the buyer (optional)"
        rows={2}
        className="sm:col-span-2 [&_textarea]:min-h-16"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
      />
      {failure && (
        <Alert tone="error" className="sm:col-span-2">
          {failure}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" loading={answer.isPending}>
          Send the price
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

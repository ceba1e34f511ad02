import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { eInvoicingSettingSchema } from '~/shared/schemas/einvoices';
import { Button } from '~/web/components/ui/button';
import { ErrorState } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { eInvoicingQueryOptions, useSaveEInvoicing } from '../api/vendor-profile';

/** The date's field and Save; it starts from the saved date (a new saved date gives a new form). */
function EInvoicingForm({ saved, loading }: { saved: string | null; loading: boolean }) {
  const save = useSaveEInvoicing();
  const [from, setFrom] = useState(saved ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = eInvoicingSettingSchema.safeParse({ eInvoicingFrom: from.trim() || null });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    try {
      const saved = await save.mutateAsync(checked.data);
      toast.success(saved.eInvoicingFrom ? `E-invoicing applies from ${formatDate(saved.eInvoicingFrom)}.` : 'E-invoicing does not apply.');
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.eInvoicingFrom ?? e.message) : 'That did not save. Try again.');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 flex flex-wrap items-end gap-3">
      <TextField
        label="E-invoicing applies from"
        type="date"
        optional
        className="w-full sm:w-64"
        value={from}
        error={error}
        disabled={loading}
        onChange={(e) => setFrom(e.target.value)}
      />
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Save
      </Button>
    </form>
  );
}

/**
 * Whether e-invoicing applies to the seller (decision 76): the date from which its aggregate
 * turnover is above ₹5 crore, after which its B2B invoices and credit notes get an IRN.
 */
export function EInvoicingSection() {
  const setting = useQuery(eInvoicingQueryOptions);
  return (
    <section aria-labelledby="e-invoicing-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="e-invoicing-heading" className="text-lg font-semibold">
        E-invoicing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        If your aggregate turnover in any year since 2017-18 exceeded ₹5 crore, your B2B invoices and credit notes must be registered with
        the Invoice Registration Portal. Give the date from which this applies; leave it empty if it does not.
      </p>
      {setting.isError ? (
        <ErrorState title="Could not load the e-invoicing setting" error={setting.error} onRetry={() => void setting.refetch()} />
      ) : (
        <EInvoicingForm
          key={setting.data?.eInvoicingFrom ?? 'none'}
          saved={setting.data?.eInvoicingFrom ?? null}
          loading={setting.isPending}
        />
      )}
    </section>
  );
}

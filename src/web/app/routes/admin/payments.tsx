import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatusName,
} from '~/shared/orders';
import { Button } from '~/web/components/ui/button';
import { FieldShell, TextField } from '~/web/components/ui/form-fields';
import { PageHeader } from '~/web/components/ui/page-header';
import { PaymentsList } from '~/web/features/admin/components/payments-list';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const PAGE_SIZE = 20;
const selectClasses =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus:border-brand-500 sm:text-sm';

function LabelledSelect<T extends string>(props: {
  label: string;
  value: T | undefined;
  values: readonly T[];
  labels: Record<T, string>;
  placeholder: string;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <FieldShell label={props.label} className="w-48">
      {({ id }) => (
        <select
          id={id}
          className={selectClasses}
          value={props.value ?? ''}
          onChange={(e) => props.onChange((e.target.value || undefined) as T | undefined)}
        >
          <option value="">{props.placeholder}</option>
          {props.values.map((v) => (
            <option key={v} value={v}>
              {props.labels[v]}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export default function AdminPaymentsPage() {
  useDocumentTitle('Manage payments');
  const [params, setParams] = useSearchParams();
  const status = PAYMENT_STATUSES.find((s) => s === params.get('status'));
  const method = PAYMENT_METHODS.find((m) => m === params.get('method'));
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [text, setText] = useState(q);

  const update = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() || undefined, page: undefined });
  };
  const clear = () => {
    setText('');
    setParams(new URLSearchParams());
  };

  return (
    <div>
      <PageHeader title="Manage payments" description="Every order's payment, newest first, with refunds and failed attempts." />
      <form onSubmit={search} className="mb-5 flex flex-wrap items-end gap-3" role="search" aria-label="Filter payments">
        <LabelledSelect<PaymentStatusName>
          label="Status"
          value={status}
          values={PAYMENT_STATUSES}
          labels={PAYMENT_STATUS_LABELS}
          placeholder="All statuses"
          onChange={(v) => update({ status: v, page: undefined })}
        />
        <LabelledSelect<PaymentMethod>
          label="Method"
          value={method}
          values={PAYMENT_METHODS}
          labels={PAYMENT_METHOD_LABELS}
          placeholder="All methods"
          onChange={(v) => update({ method: v, page: undefined })}
        />
        <TextField
          label="Order number or e-mail"
          type="search"
          className="min-w-64 flex-1"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
          placeholder="SC-100042 or name@example.in"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <PaymentsList
        filter={{ page, pageSize: PAGE_SIZE, status, method, q: q || undefined }}
        onPageChange={(p) => update({ page: String(p) })}
        onClearFilters={clear}
      />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import {
  REMITTANCE_COLUMNS_TEXT,
  REMITTANCE_FILE_MAX_CHARS,
  REMITTANCE_OUTCOME_LABELS,
  type CourierOwes,
  type OwedParcel,
  type Remittance,
  type RemittanceRowResult,
  type UploadRemittanceResponse,
} from '~/shared/schemas/cod-remittances';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { Alert, EmptyState } from '~/web/components/ui/feedback';
import { FieldShell, controlClasses } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatCount, formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { codRemittancesQueryOptions, useUploadRemittance } from '../api/cod-remittances-queries';

const days = (n: number) => (n === 1 ? '1 day' : `${formatCount(n)} days`);

/** A list the server answers whole, in the shape the data table pages through. */
function whole<T>(query: ReturnType<typeof useQuery<unknown>>, items: T[] | undefined) {
  return {
    data: items ? { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) } : undefined,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

const OUTCOME_TONES: Record<RemittanceRowResult['outcome'], 'success' | 'warning' | 'danger' | 'neutral'> = {
  received: 'success',
  already_remitted: 'neutral',
  unknown_awb: 'danger',
  amount_mismatch: 'danger',
  not_cod: 'warning',
  invalid: 'danger',
};

/** Upload a courier's remittance file: its rows' outcomes, the problems first. */
function UploadRemittanceForm() {
  const upload = useUploadRemittance();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<UploadRemittanceResponse | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) return setError('Choose the courier’s remittance file (CSV).');
    if (file.size > REMITTANCE_FILE_MAX_CHARS) return setError('A remittance file may be at most 2 MB; split it into smaller files.');
    const csv = await file.text();
    upload.mutate(
      { csv, fileName: file.name },
      {
        onSuccess: (answer) => {
          setResult(answer);
          const { received, receivedPaise, problems } = answer.summary;
          toast.success(
            `${formatCount(received)} ${received === 1 ? 'parcel’s' : 'parcels’'} cash received (${formatPaise(receivedPaise)})${problems ? `, ${formatCount(problems)} ${problems === 1 ? 'row' : 'rows'} to check` : ''}.`,
          );
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: (e) => setError(isApiError(e) ? (e.fields.csv ?? e.message) : e.message),
      },
    );
  };

  const rows = result
    ? [...result.rows].sort((a, b) => Number(a.outcome === 'received') - Number(b.outcome === 'received') || a.line - b.line)
    : [];
  return (
    <section aria-labelledby="upload-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
        Upload a remittance file
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4" aria-label="Upload a remittance file">
        {error && <Alert tone="error">{error}</Alert>}
        <FieldShell label="Courier’s remittance file (CSV)" hint={`Columns: ${REMITTANCE_COLUMNS_TEXT}.`} error={error ?? undefined}>
          {({ id, describedBy, invalid }) => (
            <input
              ref={input}
              id={id}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={controlClasses(invalid)}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </FieldShell>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={upload.isPending}>
            {upload.isPending ? 'Reconciling…' : 'Upload and reconcile'}
          </Button>
          {upload.isPending && file && (
            <p role="status" className="text-sm text-slate-700">
              Matching {file.name} with the shop’s parcels…
            </p>
          )}
        </div>
      </form>
      {result && (
        <div className="mt-6 space-y-3" aria-labelledby="result-heading">
          <h3 id="result-heading" className="font-semibold text-slate-900">
            What the file did
          </h3>
          <p role="status" className="text-sm text-slate-800">
            {formatCount(result.summary.rows)} rows: <strong>{formatCount(result.summary.received)} received</strong> (
            {formatPaise(result.summary.receivedPaise)}), {formatCount(result.summary.problems)} not.
          </p>
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">Each row of the file and what became of it</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2">
                    AWB
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Amount
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Outcome
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.line} className="border-t border-slate-100 align-top">
                    <td className="px-3 py-2 tabular-nums">{r.line}</td>
                    <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                      {r.awb || '—'}
                      {r.orderNumber && <p className="font-sans text-xs text-slate-600">Order {r.orderNumber}</p>}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{r.amountPaise === null ? '—' : formatPaise(r.amountPaise)}</td>
                    <td className="px-3 py-2">
                      <Badge tone={OUTCOME_TONES[r.outcome]}>{REMITTANCE_OUTCOME_LABELS[r.outcome]}</Badge>
                      {r.message && <p className="mt-1 text-xs text-slate-700">{r.message}</p>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

const COURIER_COLUMNS: DataTableColumn<CourierOwes>[] = [
  { id: 'courier', header: 'Courier', rowHeader: true, cell: (c) => <span className="font-medium">{c.courierName}</span> },
  { id: 'parcels', header: 'Parcels', align: 'right', className: 'tabular-nums', cell: (c) => formatCount(c.parcels) },
  {
    id: 'amount',
    header: 'Still owed',
    align: 'right',
    className: 'font-semibold tabular-nums whitespace-nowrap',
    cell: (c) => formatPaise(c.amountPaise),
  },
  {
    id: 'oldest',
    header: 'Oldest delivery',
    className: 'whitespace-nowrap',
    cell: (c) => (
      <>
        {formatDate(c.oldestDeliveredAt)}
        <p className="text-xs text-slate-600">{days(c.oldestAgeDays)} ago</p>
      </>
    ),
  },
];

const PARCEL_COLUMNS: DataTableColumn<OwedParcel>[] = [
  { id: 'awb', header: 'AWB', rowHeader: true, className: 'font-mono', cell: (p) => p.awb },
  {
    id: 'order',
    header: 'Order',
    cell: (p) => (
      <Link to={`${paths.admin.orders}/${encodeURIComponent(p.orderId)}`} className="text-brand-700 underline">
        {p.orderNumber}
      </Link>
    ),
  },
  { id: 'courier', header: 'Courier', cell: (p) => p.courierName },
  { id: 'cash', header: 'Cash', align: 'right', className: 'tabular-nums whitespace-nowrap', cell: (p) => formatPaise(p.codAmountPaise) },
  {
    id: 'age',
    header: 'Delivered',
    className: 'whitespace-nowrap',
    cell: (p) => (
      <>
        {formatDate(p.deliveredAt)}
        <p className={p.ageDays > 14 ? 'text-xs font-medium text-red-700' : 'text-xs text-slate-600'}>{days(p.ageDays)} ago</p>
      </>
    ),
  },
];

const REMITTANCE_COLUMNS: DataTableColumn<Remittance>[] = [
  { id: 'reference', header: 'Reference (UTR)', rowHeader: true, className: 'font-mono', cell: (r) => r.reference },
  { id: 'date', header: 'Remitted on', className: 'whitespace-nowrap', cell: (r) => formatDate(r.remittedOn) },
  { id: 'couriers', header: 'Couriers', cell: (r) => r.couriers || '—' },
  { id: 'parcels', header: 'Parcels', align: 'right', className: 'tabular-nums', cell: (r) => formatCount(r.parcels) },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    className: 'font-semibold tabular-nums whitespace-nowrap',
    cell: (r) => formatPaise(r.amountPaise),
  },
  {
    id: 'file',
    header: 'From',
    className: 'text-slate-700',
    cell: (r) => (r.source === 'upload' ? (r.fileName ?? 'Uploaded file') : 'Courier’s report'),
  },
];

/** The admin's screen of cash on delivery (decision 81): upload a courier's file, what each courier still owes, the remittances. */
export function CodRemittances() {
  const query = useQuery(codRemittancesQueryOptions());
  const data = query.data;
  return (
    <div className="space-y-8">
      <UploadRemittanceForm />
      <section aria-labelledby="owed-heading" className="space-y-3">
        <h2 id="owed-heading" className="text-lg font-semibold text-slate-900">
          Still owed by the couriers
        </h2>
        {data && (
          <p className="text-sm text-slate-700">
            {formatCount(data.owed.totalParcels)} delivered cash-on-delivery {data.owed.totalParcels === 1 ? 'parcel' : 'parcels'} whose
            cash is not in: <strong>{formatPaise(data.owed.totalPaise)}</strong>. Their sellers are paid once it is.
          </p>
        )}
        <DataTable
          caption="What each courier still owes"
          columns={COURIER_COLUMNS}
          rowKey={(c) => `${c.provider}:${c.courierName}`}
          query={whole(query, data?.owed.couriers)}
          loadingLabel="Loading what the couriers owe"
          errorTitle="What the couriers owe could not be loaded"
          empty={<EmptyState title="No courier owes any cash">Every delivered cash-on-delivery parcel’s cash is in.</EmptyState>}
          onPageChange={() => undefined}
          paginationLabel="Couriers"
        />
        {data && data.owed.parcels.length > 0 && (
          <DataTable
            caption="Delivered cash-on-delivery parcels whose cash is not in, oldest first"
            columns={PARCEL_COLUMNS}
            rowKey={(p) => `${p.provider}:${p.awb}`}
            query={whole(query, data.owed.parcels)}
            loadingLabel="Loading the parcels"
            errorTitle="The parcels could not be loaded"
            empty={null}
            onPageChange={() => undefined}
            paginationLabel="Parcels"
            phoneCards
          />
        )}
      </section>
      <section aria-labelledby="remittances-heading" className="space-y-3">
        <h2 id="remittances-heading" className="text-lg font-semibold text-slate-900">
          Remittances received
        </h2>
        <DataTable
          caption="The couriers’ remittances, newest first"
          columns={REMITTANCE_COLUMNS}
          rowKey={(r) => r.id}
          query={whole(query, data?.remittances)}
          loadingLabel="Loading the remittances"
          errorTitle="The remittances could not be loaded"
          empty={<EmptyState title="No remittance yet">Upload a courier’s remittance file above.</EmptyState>}
          onPageChange={() => undefined}
          paginationLabel="Remittances"
        />
      </section>
    </div>
  );
}

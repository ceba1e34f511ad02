import { FileSpreadsheet } from 'lucide-react';
import { type ProductImport, type ProductImportsResponse } from '~/shared/schemas/product-imports';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount, formatDateTime } from '~/web/lib/format';
import { ImportPictures } from './import-pictures';
import { ImportProgressBar } from './import-progress';
import { ImportRowErrors } from './import-row-errors';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${formatCount(Math.ceil(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const COLUMNS: DataTableColumn<ProductImport>[] = [
  {
    id: 'file',
    header: 'File',
    rowHeader: true,
    className: 'font-medium text-slate-900',
    cell: (i) => (
      <>
        <span className="break-all">{i.fileName}</span>
        <span className="block text-xs font-normal text-slate-600">{size(i.fileBytes)}</span>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    className: 'min-w-48',
    cell: (i) => (
      <>
        <StatusBadge of="import" status={i.status} />
        {(i.status === 'queued' || i.status === 'running') && (
          <>
            <ImportProgressBar item={i} className="mt-2" />
            <p className="mt-1 text-xs text-slate-600 tabular-nums">
              {formatCount(i.done)} of {formatCount(i.total)} rows
            </p>
          </>
        )}
        {i.error && <p className={i.status === 'failed' ? 'mt-1 text-xs text-red-800' : 'mt-1 text-xs text-amber-800'}>{i.error}</p>}
        <ImportRowErrors item={i} className="mt-1" />
        <ImportPictures item={i} className="mt-2" compact />
      </>
    ),
  },
  {
    id: 'products',
    header: 'Products added',
    align: 'right',
    className: 'tabular-nums',
    cell: (i) => (i.createdProducts === null ? '—' : formatCount(i.createdProducts)),
  },
  {
    id: 'created',
    header: 'Configurations added',
    align: 'right',
    className: 'tabular-nums',
    cell: (i) => (i.created === null ? '—' : formatCount(i.created)),
  },
  {
    id: 'updated',
    header: 'Configurations updated',
    align: 'right',
    className: 'tabular-nums',
    cell: (i) => (i.updated === null ? '—' : formatCount(i.updated)),
  },
  { id: 'skipped', header: 'Rows with errors', align: 'right', className: 'tabular-nums', cell: (i) => formatCount(i.skipped) },
  { id: 'uploaded', header: 'Uploaded', className: 'whitespace-nowrap', cell: (i) => formatDateTime(i.createdAt) },
  { id: 'finished', header: 'Finished', className: 'whitespace-nowrap', cell: (i) => (i.finishedAt ? formatDateTime(i.finishedAt) : '—') },
];

interface ImportsListProps {
  query: {
    data: ProductImportsResponse | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isPlaceholderData?: boolean;
    refetch: () => unknown;
  };
  onPageChange: (page: number) => void;
}

/** The vendor's imports, newest first: status and progress, what each did, when, why one failed and which rows were left out. */
export function ImportsList({ query, onPageChange }: ImportsListProps) {
  return (
    <section aria-labelledby="imports-heading" className="space-y-3">
      <h2 id="imports-heading" className="text-lg font-semibold text-slate-900">
        Recent imports
      </h2>
      <DataTable<ProductImport>
        caption="Your imports"
        columns={COLUMNS}
        rowKey={(i) => i.id}
        query={query}
        loadingLabel="Loading your imports"
        errorTitle="Your imports could not be loaded"
        empty={
          <EmptyState icon={<FileSpreadsheet />} title="No imports yet">
            A file you import shows here with its progress; you can leave the page while it runs and come back to it.
          </EmptyState>
        }
        onPageChange={onPageChange}
        paginationLabel="Pages of imports"
        minWidth="52rem"
        phoneCards
      />
    </section>
  );
}

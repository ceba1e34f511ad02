import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { importSummaryText, type ProductImport, type ProductImportDetail } from '~/shared/schemas/product-imports';
import { Alert, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { cn } from '~/web/components/ui/cn';
import { formatCount } from '~/web/lib/format';
import { ImportPictures } from './import-pictures';
import { ImportRowErrors } from './import-row-errors';

/** "3 products added in 7 configurations; 2 configurations updated; 1 row with errors left out." (the server's words when it sent them) */
export function importResultText(
  i: Pick<ProductImport, 'created' | 'updated' | 'skipped'> &
    Partial<Pick<ProductImport, 'createdProducts' | 'newProductConfigurations' | 'summary'>>,
): string {
  return i.summary ?? importSummaryText(i);
}

/** Rows written of the rows to write, as a bar a screen reader reads as "500 of 1,000 rows". */
export function ImportProgressBar({ item, className }: { item: ProductImport; className?: string }) {
  const text = `${formatCount(item.done)} of ${formatCount(item.total)} rows`;
  return (
    <div
      role="progressbar"
      aria-label={`Importing ${item.fileName}`}
      aria-valuemin={0}
      aria-valuemax={item.total}
      aria-valuenow={item.done}
      aria-valuetext={item.status === 'queued' ? 'Waiting to start' : text}
      className={cn('h-2.5 overflow-hidden rounded bg-slate-200', className)}
    >
      <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${item.total ? (item.done * 100) / item.total : 0}%` }} />
    </div>
  );
}

interface ImportProgressProps {
  query: { data: ProductImportDetail | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  onAnother: () => void;
}

/**
 * The import just uploaded: waiting, then rows written of total while the job runs, then what it did
 * or why it failed, and the pictures its rows named being fetched, then what came of them. The
 * vendor may leave: the import goes on, and the list below keeps it.
 */
export function ImportProgress({ query, onAnother }: ImportProgressProps) {
  if (query.isPending) return <Skeleton className="mt-4 h-16 w-full" />;
  if (query.isError)
    return <ErrorState title="The import’s progress could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  const item = query.data!;
  const another = (
    <button type="button" className="text-brand-700 underline" onClick={onAnother}>
      Import another file
    </button>
  );

  if (item.status === 'done') {
    return (
      <div className="mt-4 flex flex-col items-start gap-3" role="status">
        <p className="flex items-center gap-2 text-slate-900">
          <CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />
          {item.fileName}: {importResultText(item)}
        </p>
        <ImportRowErrors item={item} />
        <ImportPictures item={item} className="w-full" />
        <div className="flex gap-4">
          <Link to={paths.vendor.products} className="text-brand-700 underline">
            See your products
          </Link>
          {another}
        </div>
      </div>
    );
  }
  if (item.status === 'failed') {
    return (
      <div className="mt-4 flex flex-col items-start gap-3">
        <Alert tone="error">
          {item.fileName} was not imported: {item.error}
        </Alert>
        {another}
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-2">
      <p className="text-sm text-slate-800">
        {item.status === 'queued' ? (
          <>Waiting to import {item.fileName}…</>
        ) : (
          <>
            Importing {item.fileName}: {formatCount(item.done)} of {formatCount(item.total)} rows
          </>
        )}
      </p>
      <ImportProgressBar item={item} />
      {item.error && <p className="text-sm text-amber-800">{item.error}</p>}
      <p className="text-sm text-slate-600">
        You can leave this page: the import goes on, and you will find it under Recent imports. Nothing shows in your products until every
        row is written.
      </p>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportRowError, ProductImport } from '~/shared/schemas/product-imports';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Skeleton } from '~/web/components/ui/feedback';
import { formatCount } from '~/web/lib/format';
import { productImportQueryOptions } from '../api/product-imports';

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

interface ImportRowErrorsProps {
  item: Pick<ProductImport, 'id' | 'skipped'> & { rowErrors?: ImportRowError[] };
  className?: string;
}

/**
 * The rows of a file left out of its import, each with its line and why (as the preview showed
 * them), folded under a summary so that a long list does not push the page about. An import from
 * the list comes without them: they are asked for when the seller opens the summary.
 */
export function ImportRowErrors({ item, className }: ImportRowErrorsProps) {
  const [open, setOpen] = useState(false);
  if (item.skipped === 0) return null;
  return (
    <details className={cn('text-sm', className)} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-brand-700 underline">See the {rows(item.skipped)} left out and why</summary>
      {item.rowErrors ? (
        <RowErrorLines skipped={item.skipped} lines={item.rowErrors} />
      ) : (
        open && <LoadedRowErrorLines id={item.id} skipped={item.skipped} />
      )}
    </details>
  );
}

function LoadedRowErrorLines({ id, skipped }: { id: string; skipped: number }) {
  const query = useQuery(productImportQueryOptions(id));
  if (query.isPending)
    return (
      <div role="status" aria-label="Loading the rows left out" className="mt-2 space-y-1">
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-4 w-56 max-w-full" />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-red-800">
        <span>The rows left out could not be loaded: {query.error.message}</span>
        <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  return <RowErrorLines skipped={skipped} lines={query.data.rowErrors} />;
}

function RowErrorLines({ skipped, lines }: { skipped: number; lines: ImportRowError[] }) {
  // Imports from before the shop kept their rows left out have only the count.
  if (lines.length === 0)
    return (
      <p className="mt-2 text-slate-700">
        This import is older than the list of rows left out: choose the file again under Import a CSV to see them.
      </p>
    );
  return (
    <>
      <ul className="mt-2 max-h-64 space-y-1 overflow-auto text-left text-slate-800">
        {lines.map((row) => (
          <li key={row.line}>
            <span className="font-medium">
              Line {formatCount(row.line)}
              {row.sku ? ` (SKU ${row.sku})` : ''}
            </span>
            :{' '}
            {Object.entries(row.errors).map(([column, message], i) => (
              <span key={column}>
                {i > 0 && '; '}
                <span className="font-mono">{column}</span>: {message}
              </span>
            ))}
          </li>
        ))}
      </ul>
      {skipped > lines.length && (
        <p className="mt-1 text-xs text-slate-600">
          The first {rows(lines.length)} are shown; choose the file again under Import a CSV to see them all.
        </p>
      )}
    </>
  );
}

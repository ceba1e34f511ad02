import type { ProductImport } from '~/shared/schemas/product-imports';
import { cn } from '~/web/components/ui/cn';
import { formatCount } from '~/web/lib/format';

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/**
 * The rows of a file left out of its import, each with its line and why (as the preview showed
 * them), folded under a summary so that a long list does not push the page about.
 */
export function ImportRowErrors({ item, className }: { item: Pick<ProductImport, 'skipped' | 'rowErrors'>; className?: string }) {
  if (item.skipped === 0 || item.rowErrors.length === 0) return null;
  return (
    <details className={cn('text-sm', className)}>
      <summary className="cursor-pointer text-brand-700 underline">See the {rows(item.skipped)} left out and why</summary>
      <ul className="mt-2 max-h-64 space-y-1 overflow-auto text-left text-slate-800">
        {item.rowErrors.map((row) => (
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
      {item.skipped > item.rowErrors.length && (
        <p className="mt-1 text-xs text-slate-600">
          The first {rows(item.rowErrors.length)} are shown; choose the file again under Import a CSV to see them all.
        </p>
      )}
    </details>
  );
}

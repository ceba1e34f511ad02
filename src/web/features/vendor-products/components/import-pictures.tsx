import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { arePicturesUnderWay, type ImportPictureError, type ProductImport } from '~/shared/schemas/product-imports';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Skeleton } from '~/web/components/ui/feedback';
import { formatCount } from '~/web/lib/format';
import { productImportQueryOptions } from '../api/product-imports';

type Item = Pick<ProductImport, 'id' | 'fileName' | 'status' | 'pictures'> & { pictureErrors?: ImportPictureError[] };

const pictures = (n: number) => `${formatCount(n)} ${n === 1 ? 'picture' : 'pictures'}`;

/**
 * "Pictures: 12 of 14 added; 2 could not be fetched." The ones neither added nor refused had become
 * pictures of their product meanwhile; the ones never reached were left when the shop stopped on a problem.
 */
export function picturesResultText({ pictures: p }: Pick<ProductImport, 'pictures'>): string {
  const parts = [`Pictures: ${formatCount(p.added)} of ${formatCount(p.total)} added`];
  if (p.failed > 0) parts.push(`${formatCount(p.failed)} could not be fetched`);
  const already = p.done - p.added - p.failed;
  if (already > 0) parts.push(`${formatCount(already)} ${already === 1 ? 'was' : 'were'} already there`);
  if (p.done < p.total) parts.push(`${formatCount(p.total - p.done)} not fetched: the shop stopped on a problem, and its team can see it`);
  return `${parts.join('; ')}.`;
}

/** Addresses fetched of the addresses to fetch, as a bar a screen reader reads as "3 of 14 pictures". */
export function PicturesProgressBar({ item, className }: { item: Item; className?: string }) {
  const { done, total } = item.pictures;
  return (
    <div
      role="progressbar"
      aria-label={`Fetching the pictures of ${item.fileName}`}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${formatCount(done)} of ${pictures(total)}`}
      className={cn('h-2.5 overflow-hidden rounded bg-slate-200', className)}
    >
      <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${total ? (done * 100) / total : 0}%` }} />
    </div>
  );
}

/**
 * The pictures of an import's `picture_urls` (decision 61), a phase after its rows: a bar while they
 * are fetched, then how many were added and each address not added with its line, SKU and why.
 * Nothing for an import whose file named no new pictures. In the list (`compact`) the failures are
 * folded, and asked for when the seller opens them: the list's imports come without them.
 */
export function ImportPictures({ item, className, compact = false }: { item: Item; className?: string; compact?: boolean }) {
  if (item.status !== 'done' || item.pictures.total === 0) return null;
  if (arePicturesUnderWay(item)) {
    return (
      <div className={cn('space-y-1', className)}>
        <p className={cn('text-slate-800 tabular-nums', compact ? 'text-xs' : 'text-sm')}>
          Fetching pictures: {formatCount(item.pictures.done)} of {formatCount(item.pictures.total)}
        </p>
        <PicturesProgressBar item={item} />
      </div>
    );
  }
  return (
    <div className={cn('space-y-1 text-sm', className)}>
      <p className={cn('text-slate-900', compact && 'text-xs')}>{picturesResultText(item)}</p>
      {item.pictures.failed > 0 &&
        (!compact && item.pictureErrors ? (
          <FailureLines failed={item.pictures.failed} lines={item.pictureErrors} />
        ) : (
          <PictureFailures item={item} />
        ))}
    </div>
  );
}

function PictureFailures({ item }: { item: Item }) {
  const [open, setOpen] = useState(false);
  const { failed } = item.pictures;
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-brand-700 underline">See the {pictures(failed)} not added and why</summary>
      {item.pictureErrors ? (
        <FailureLines failed={failed} lines={item.pictureErrors} />
      ) : (
        open && <LoadedFailureLines id={item.id} failed={failed} />
      )}
    </details>
  );
}

function LoadedFailureLines({ id, failed }: { id: string; failed: number }) {
  const query = useQuery(productImportQueryOptions(id));
  if (query.isPending)
    return (
      <div role="status" aria-label="Loading the pictures not added" className="mt-2 space-y-1">
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-4 w-56 max-w-full" />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-red-800">
        <span>The pictures not added could not be loaded: {query.error.message}</span>
        <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  return <FailureLines failed={failed} lines={query.data.pictureErrors} />;
}

function FailureLines({ failed, lines }: { failed: number; lines: ImportPictureError[] }) {
  return (
    <>
      <ul aria-label="Pictures not added" className="mt-2 max-h-64 space-y-1 overflow-auto text-left text-slate-800">
        {lines.map((line, i) => (
          <li key={`${line.line}-${i}`}>
            <span className="font-medium">
              Line {formatCount(line.line)} (SKU {line.sku})
            </span>
            : <span className="break-all font-mono text-xs">{line.url}</span> — {line.reason}
          </li>
        ))}
      </ul>
      {failed > lines.length && (
        <p className="mt-1 text-xs text-slate-600">
          The first {pictures(lines.length)} are shown of {formatCount(failed)}.
        </p>
      )}
    </>
  );
}

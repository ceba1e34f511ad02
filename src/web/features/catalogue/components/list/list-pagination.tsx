import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/web/components/ui/cn';
import { formatCount } from '~/web/lib/format';
import { pageNumbers } from './list-state';

interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  /** The address of a page (links, so a page can be opened in a new tab or shared). */
  pageHref: (page: number) => string;
}

const itemClasses = 'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-medium';

/** "Showing 25–48 of 248", Previous, page numbers, Next. */
export function ListPagination({ page, pageSize, total, pageCount, pageHref }: ListPaginationProps) {
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages of results" className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600">
        Showing {formatCount(from)}–{formatCount(to)} of {formatCount(total)}
      </p>
      {pageCount > 1 && (
        <ul className="flex flex-wrap items-center justify-center gap-1">
          <li>
            {page > 1 ? (
              <Link to={pageHref(page - 1)} className={cn(itemClasses, 'gap-1 text-brand-700 hover:bg-slate-100')}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous<span className="sr-only"> page</span>
              </Link>
            ) : (
              <span aria-hidden="true" className={cn(itemClasses, 'gap-1 text-slate-500')}>
                <ChevronLeft className="size-4" />
                Previous
              </span>
            )}
          </li>
          {pageNumbers(page, pageCount).map((p, i) =>
            p === 'gap' ? (
              <li key={`gap-${i}`} aria-hidden="true" className="hidden px-1 text-slate-500 sm:block">
                …
              </li>
            ) : (
              // On a phone only the current page shows between Previous and Next.
              <li key={p} className={p === page ? undefined : 'hidden sm:block'}>
                <Link
                  to={pageHref(p)}
                  aria-current={p === page ? 'page' : undefined}
                  aria-label={`Page ${p}`}
                  className={cn(itemClasses, p === page ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')}
                >
                  {p}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < pageCount ? (
              <Link to={pageHref(page + 1)} className={cn(itemClasses, 'gap-1 text-brand-700 hover:bg-slate-100')}>
                Next<span className="sr-only"> page</span>
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            ) : (
              <span aria-hidden="true" className={cn(itemClasses, 'gap-1 text-slate-500')}>
                Next
                <ChevronRight className="size-4" />
              </span>
            )}
          </li>
        </ul>
      )}
    </nav>
  );
}

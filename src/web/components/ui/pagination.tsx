import { formatCount } from '~/web/lib/format';
import { Button } from './button';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** More match than `total` (a list that counts up to a cap): shown as "of 1,000+". */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  label?: string;
}

/** Previous / Next with "21–40 of 1,35,000" (Indian digit grouping). */
export function Pagination({ page, pageSize, total, totalCapped = false, onPageChange, label = 'Pages' }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        {formatCount(from)}–{formatCount(to)} of {formatCount(total)}
        {totalCapped && '+'}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

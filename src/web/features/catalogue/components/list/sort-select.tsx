import { ArrowDownUp } from 'lucide-react';
import { useId } from 'react';
import { PRODUCT_SORTS, SORT_LABELS, type ProductSort } from '~/shared/catalogue';
import { usePendingValue } from './use-pending-value';

/** Sort order of a list; "Relevance" reads "Popularity" when there is no search text to match. */
export function SortSelect({
  value,
  hasQuery,
  onChange,
}: {
  value: ProductSort;
  hasQuery: boolean;
  onChange: (sort: ProductSort) => void;
}) {
  const id = useId();
  const [shown, setShown] = usePendingValue(value, value);
  return (
    <div className="flex min-w-0 items-center gap-2">
      {/* A phone has room for the select only (with a sort icon); the label stays for screen readers. */}
      <label htmlFor={id} className="sr-only shrink-0 text-sm font-medium text-slate-700 sm:not-sr-only">
        Sort by
      </label>
      <div className="relative w-full min-w-0 sm:w-auto">
        <ArrowDownUp
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-600 sm:hidden"
        />
        <select
          id={id}
          value={shown}
          onChange={(e) => {
            setShown(e.target.value as ProductSort);
            onChange(e.target.value as ProductSort);
          }}
          className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white pr-2 pl-8 text-base text-slate-900 focus:border-brand-500 sm:pl-2 sm:text-sm"
        >
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {sort === 'relevance' && !hasQuery ? 'Popularity' : SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

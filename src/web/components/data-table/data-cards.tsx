import type { RowData } from '@tanstack/react-table';
import { ChevronDown } from 'lucide-react';
import { Fragment, useId, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../ui/cn';
import type { DataTableColumn, DataTableSort } from './data-table';

/** The screens on which a table that asks for it shows its rows as cards. */
export const PHONE_CARDS_QUERY = '(max-width: 767px)';

const sortValue = (s: { column: string; descending: boolean }) => `${s.descending ? '-' : ''}${s.column}`;

/**
 * A table's rows as cards, for a phone: the row's name first, each other column as a labelled line
 * (its header, then its cell) and the row's buttons at the bottom, full width, so that "Ship" is
 * under the order it ships instead of two screens to the right. Sorting is a select of its own.
 */
export function DataCards<T extends RowData>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  sort,
  onSort,
  details,
  open,
  onToggle,
}: {
  caption: string;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowProps?: ((row: T) => HTMLAttributes<HTMLElement> & { 'data-testid'?: string }) | undefined;
  sort?: DataTableSort | undefined;
  onSort?: ((sort: DataTableSort) => void) | undefined;
  details?: { render: (row: T) => ReactNode; label: (row: T) => string } | undefined;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const id = useId();
  const title = columns.find((c) => c.rowHeader);
  const actions = columns.filter((c) => c.rowActions);
  const fields = columns.filter((c) => !c.rowHeader && !c.rowActions);
  const sortable = columns.filter((c) => c.sortable);
  return (
    <section aria-label={caption}>
      {sortable.length > 0 && onSort && (
        <div className="mb-3 flex items-center gap-2 text-sm">
          <label htmlFor={`${id}-sort`} className="font-medium text-slate-800">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={sort ? sortValue(sort) : ''}
            onChange={(e) => onSort({ column: e.target.value.replace(/^-/, ''), descending: e.target.value.startsWith('-') })}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
          >
            {!sort && <option value="">As listed</option>}
            {sortable.flatMap((c) =>
              [c.descendingFirst ?? false, !(c.descendingFirst ?? false)].map((descending) => (
                <option key={sortValue({ column: c.id, descending })} value={sortValue({ column: c.id, descending })}>
                  {c.header}, {descending ? 'descending' : 'ascending'}
                </option>
              )),
            )}
          </select>
        </div>
      )}
      <ul className="space-y-3">
        {rows.map((row) => {
          const key = rowKey(row);
          const isOpen = open.has(key);
          return (
            <li key={key} {...rowProps?.(row)} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
              {title && <div className="text-base text-slate-900">{title.cell(row)}</div>}
              <dl className="mt-2 grid grid-cols-[minmax(5.5rem,auto)_1fr] gap-x-3 gap-y-2">
                {fields.map((c) => (
                  <Fragment key={c.id}>
                    <dt className="pt-0.5 text-xs font-medium tracking-wide text-slate-600 uppercase">{c.header}</dt>
                    <dd className={cn('min-w-0 break-words', c.className)}>{c.cell(row)}</dd>
                  </Fragment>
                ))}
              </dl>
              {details && (
                <div className="mt-2">
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={`${id}-${key}`}
                    onClick={() => onToggle(key)}
                    className="inline-flex items-center gap-1 rounded-md px-1 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                  >
                    <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
                    {details.label(row)}
                  </button>
                  <div id={`${id}-${key}`} hidden={!isOpen} className="mt-2">
                    {isOpen && details.render(row)}
                  </div>
                </div>
              )}
              {actions.map((c) => {
                const cell = c.cell(row);
                // A row with nothing to do (a payout already paid) gets no empty strip.
                return cell == null || cell === false ? null : (
                  <div key={c.id} className="mt-3 border-t border-slate-100 pt-3">
                    {cell}
                  </div>
                );
              })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

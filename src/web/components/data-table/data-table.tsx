import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type RowData, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown } from 'lucide-react';
import { Fragment, useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { ErrorState, ListSkeleton } from '../ui/feedback';
import { cn } from '../ui/cn';
import { Pagination } from '../ui/pagination';
import { ScrollRegion } from '../ui/scroll-region';
import { useMediaQuery } from '../../lib/use-media-query';
import { DataCards, PHONE_CARDS_QUERY } from './data-cards';

/** One column: what its header says, how a row's cell shows, and whether the server can sort by it. */
export interface DataTableColumn<T extends RowData> {
  /** Stable id; for a sortable column, the `sort` value the server accepts (`amount` → `sort=amount` / `-amount`). */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** The first direction a click sorts in (newest or largest first: true). */
  descendingFirst?: boolean;
  align?: 'left' | 'right';
  /** This column names the row (a `th scope="row"`), and stays in view when a phone scrolls the table sideways. */
  rowHeader?: boolean;
  /**
   * This column holds the row's buttons: on a laptop's screen or wider it stays in view at the right
   * when the table is wider than its box (a long product name, a seller's GSTIN), so the row's action
   * is never cut to "Hi…". On a phone it scrolls with the rest, leaving the width to the row's name.
   */
  rowActions?: boolean;
  className?: string;
}

export interface DataTableSort {
  column: string;
  descending: boolean;
}

export interface DataTableProps<T extends RowData> {
  /** What the table lists: its caption, the name of its scroll region, and the words of its states. */
  caption: string;
  columns: DataTableColumn<T>[];
  rowKey: (row: T) => string;
  query: {
    data: { items: T[]; total: number; page: number; pageSize: number; totalCapped?: boolean } | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isPlaceholderData?: boolean;
    refetch: () => unknown;
  };
  loadingLabel: string;
  errorTitle: string;
  /** Shown instead of the table when nothing matches (an EmptyState, with a Clear filters action when filtered). */
  empty: ReactNode;
  /** Above the table once data is in (figures over the whole list, say); it dims with the table while a new page loads. */
  header?: ReactNode;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  onPageChange: (page: number) => void;
  paginationLabel: string;
  /** A row that opens: its details under it, behind a toggle button named by `detailsLabel`. */
  details?: { render: (row: T) => ReactNode; label: (row: T) => string };
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  /** The table's narrowest width: narrower screens scroll it sideways inside its own box. */
  minWidth?: string;
  /**
   * On a phone (below 768 px), the rows as cards instead (`DataCards`): for lists whose rows are
   * worked from a phone (a seller shipping orders), where the row's buttons must not be two screens
   * to the right.
   */
  phoneCards?: boolean;
}

const features = tableFeatures({ rowSortingFeature });

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', sorted ? 'text-brand-700' : 'text-slate-400')} />;
}

/**
 * The back office's table: server-side sort and pages (the list state lives in the URL), a skeleton
 * while loading, an error with Retry, an empty state, and rows that may open. Sortable headers are
 * buttons; the sorted column carries `aria-sort` and a polite live region says "Sorted by Amount,
 * descending". Every row action is a native button or link, so Tab reaches it and Enter or Space
 * works it. On a phone the table scrolls sideways in its own labelled, focusable box, with the row's
 * name kept in view. TanStack Table (headless) keeps the columns, rows and sorting state.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, query, sort, details } = props;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [announced, setAnnounced] = useState('');
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const phone = useMediaQuery(PHONE_CARDS_QUERY);
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const announce = (column: string, descending: boolean) =>
    setAnnounced(`Sorted by ${byId.get(column)?.header ?? column}, ${descending ? 'descending' : 'ascending'}.`);

  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    // Accessor columns (TanStack sorts only those); the value is unused: the server sorts, the cell renders.
    return columns.map((c) =>
      helper.accessor((): unknown => null, {
        id: c.id,
        header: c.header,
        enableSorting: Boolean(c.sortable),
        sortDescFirst: c.descendingFirst ?? false,
      }),
    );
  }, [columns]);
  const sorting: SortingState = useMemo(() => (sort ? [{ id: sort.column, desc: sort.descending }] : []), [sort]);
  const rows = query.data?.items ?? EMPTY;
  const table = useTable({
    features,
    columns: tableColumns,
    data: rows as T[],
    getRowId: (row) => props.rowKey(row),
    state: { sorting },
    manualSorting: true,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (!first || !props.onSortChange) return;
      props.onSortChange({ column: first.id, descending: first.desc });
      announce(first.id, first.desc);
    },
  });

  if (query.isPending) return <ListSkeleton rows={6} label={props.loadingLabel} />;
  if (query.isError) return <ErrorState title={props.errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data!;
  const colSpan = columns.length + (details ? 1 : 0);

  return (
    <div className={query.isPlaceholderData ? 'opacity-60' : undefined} aria-busy={query.isPlaceholderData || undefined}>
      {props.header}
      <p aria-live="polite" className="sr-only">
        {announced}
      </p>
      {data.total === 0 ? (
        props.empty
      ) : (
        <>
          {props.phoneCards && phone ? (
            <DataCards
              caption={props.caption}
              columns={columns}
              rows={rows}
              rowKey={props.rowKey}
              rowProps={props.rowProps}
              sort={sort}
              onSort={
                props.onSortChange &&
                ((next) => {
                  props.onSortChange!(next);
                  announce(next.column, next.descending);
                })
              }
              details={details}
              open={open}
              onToggle={toggle}
            />
          ) : (
            <ScrollRegion label={props.caption} className="relative rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-left text-sm" style={{ minWidth: props.minWidth ?? '48rem' }}>
                <caption className="sr-only">{props.caption}</caption>
                <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                  {table.getHeaderGroups().map((group) => (
                    <tr key={group.id}>
                      {details && (
                        <th scope="col" className="w-0 py-3 pr-0 pl-2">
                          <span className="sr-only">Details</span>
                        </th>
                      )}
                      {group.headers.map((header) => {
                        const column = byId.get(header.column.id)!;
                        const sorted = header.column.getIsSorted();
                        const right = column.align === 'right';
                        return (
                          <th
                            key={header.id}
                            scope="col"
                            aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                            className={cn(
                              'px-3 py-3 whitespace-nowrap',
                              right && 'text-right',
                              column.rowHeader && 'sticky left-0 z-10 bg-slate-50',
                              column.rowActions && cn(PINNED_END, 'bg-slate-50'),
                            )}
                          >
                            {header.column.getCanSort() ? (
                              <button
                                type="button"
                                onClick={() => header.column.toggleSorting(sorted ? sorted === 'asc' : (column.descendingFirst ?? false))}
                                className={cn(
                                  'inline-flex items-center gap-1 rounded-sm font-semibold tracking-wide uppercase hover:text-slate-900',
                                  right && 'flex-row-reverse',
                                )}
                              >
                                {column.header}
                                <SortIcon sorted={sorted} />
                              </button>
                            ) : (
                              column.header
                            )}
                          </th>
                        );
                      })}
                    </tr>
                  ))}
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {table.getRowModel().rows.map((row) => {
                    const item = row.original;
                    const isOpen = open.has(row.id);
                    const detailsId = `details-${row.id}`;
                    return (
                      <Fragment key={row.id}>
                        {/* A background of its own, which the sticky row header inherits: cells scrolled under it must not show through. */}
                        <tr {...props.rowProps?.(item)} className={isOpen ? 'bg-slate-50' : 'bg-white'}>
                          {details && (
                            <td className="w-0 py-3 pr-0 pl-2">
                              <button
                                type="button"
                                aria-expanded={isOpen}
                                aria-controls={detailsId}
                                aria-label={details.label(item)}
                                title="Details"
                                onClick={() => toggle(row.id)}
                                className="inline-flex size-8 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50"
                              >
                                <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
                              </button>
                            </td>
                          )}
                          {row.getAllCells().map((cell) => {
                            const column = byId.get(cell.column.id)!;
                            const className = cn(
                              'px-3 py-3',
                              column.align === 'right' && 'text-right',
                              column.rowActions && cn(PINNED_END, 'bg-inherit'),
                              column.className,
                            );
                            return column.rowHeader ? (
                              <th key={cell.id} scope="row" className={cn(className, 'sticky left-0 bg-inherit text-left font-normal')}>
                                {column.cell(item)}
                              </th>
                            ) : (
                              <td key={cell.id} className={className}>
                                {column.cell(item)}
                              </td>
                            );
                          })}
                        </tr>
                        {details && (
                          <tr id={detailsId} hidden={!isOpen} className="bg-slate-50">
                            <td colSpan={colSpan} className="px-3 pb-4">
                              {isOpen && details.render(item)}
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {data.total > data.pageSize && (
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              totalCapped={data.totalCapped}
              onPageChange={props.onPageChange}
              label={props.paginationLabel}
            />
          )}
        </>
      )}
    </div>
  );
}

const EMPTY: never[] = [];

/** The row's actions kept at the right edge on wide screens, with a shadow over what scrolls under them. */
const PINNED_END = 'lg:sticky lg:right-0 lg:z-10 lg:shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.25)]';

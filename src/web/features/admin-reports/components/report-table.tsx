import type { ReactNode } from 'react';
import { formatPaise } from '~/shared/money';

export interface ReportColumn<T> {
  header: string;
  /** A money column (paise): right-aligned, in rupees. */
  money?: (row: T) => number;
  cell?: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * A report's table: a caption, a header row, its rows and an optional totals row. It scrolls
 * sideways on a phone rather than squeezing the figures.
 */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  totals,
  empty,
}: {
  caption: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  totals?: { label: string; row: T }[];
  empty: string;
}) {
  const render = (c: ReportColumn<T>, row: T) => (c.money ? formatPaise(c.money(row)) : c.cell?.(row));
  const align = (c: ReportColumn<T>) => (c.money || c.numeric ? 'text-right tabular-nums' : 'text-left');
  return (
    <section className="mb-8">
      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        role="region"
        aria-label={caption}
        // A box that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="w-full min-w-max text-sm">
          <caption className="px-4 py-3 text-left text-base font-semibold text-slate-900">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={`px-3 py-2 font-medium ${align(c)}`}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-600">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <tr key={rowKey(row, i)} className="border-t border-slate-100">
                  {columns.map((c) => (
                    <td key={c.header} className={`px-3 py-2 ${align(c)}`}>
                      {render(c, row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {totals && totals.length > 0 && (
            <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
              {totals.map((t) => (
                <tr key={t.label}>
                  {columns.map((c, i) => (
                    <td key={c.header} className={`px-3 py-2 ${align(c)}`}>
                      {i === 0 ? t.label : c.money ? formatPaise(c.money(t.row)) : ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}

import { useId, type ReactNode } from 'react';
import { formatPaise } from '~/shared/money';
import { ScrollRegion } from '~/web/components/ui/scroll-region';

export interface ReportColumn<T> {
  header: string;
  /** A money column (paise): right-aligned, in rupees. */
  money?: (row: T) => number;
  cell?: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * A report's table: a title, a header row, its rows and an optional totals row. The table scrolls
 * sideways on a phone rather than squeezing the figures; its title stays above, wrapped to the
 * screen, not cut at the edge with the columns.
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
  const titleId = useId();
  return (
    <section className="mb-8 rounded-lg border border-slate-200 bg-white">
      <h2 id={titleId} className="px-4 py-3 text-base font-semibold text-slate-900">
        {caption}
      </h2>
      {rows.length === 0 ? (
        // Nothing to compare: the message alone, not a row of headers wider than a phone above it.
        <p className="border-t border-slate-100 px-4 py-6 text-center text-sm text-slate-600">{empty}</p>
      ) : (
        <ScrollRegion labelledBy={titleId} className="rounded-b-lg">
          <table className="w-full min-w-max text-sm">
            <caption className="sr-only">{caption}</caption>
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
              {rows.map((row, i) => (
                <tr key={rowKey(row, i)} className="border-t border-slate-100">
                  {columns.map((c) => (
                    <td key={c.header} className={`px-3 py-2 ${align(c)}`}>
                      {render(c, row)}
                    </td>
                  ))}
                </tr>
              ))}
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
        </ScrollRegion>
      )}
    </section>
  );
}

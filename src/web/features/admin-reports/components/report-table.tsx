import { Fragment, useId, type ReactNode } from 'react';
import { formatPaise } from '~/shared/money';
import { PHONE_CARDS_QUERY } from '~/web/components/data-table/data-cards';
import { ScrollRegion } from '~/web/components/ui/scroll-region';
import { useMediaQuery } from '~/web/lib/use-media-query';

export interface ReportColumn<T> {
  header: string;
  /** A money column (paise): right-aligned, in rupees. */
  money?: (row: T) => number;
  cell?: (row: T) => ReactNode;
  numeric?: boolean;
  /** Text that may wrap (a seller's name, items): every other cell stays on one line, figures above all. */
  wrap?: boolean;
}

/**
 * A report's table: a title, a header row, its rows and an optional totals row. On a laptop the
 * columns share the width (headers wrap, figures never do), and a table still wider than its box
 * scrolls inside it with a sign at the edge that has more. On a phone each row is a card of its
 * columns, the totals last, so every figure reads without scrolling; the title wraps to the screen.
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
  const cellClass = (c: ReportColumn<T>) => `px-2 py-2 ${align(c)} ${c.wrap ? 'min-w-24' : 'whitespace-nowrap'}`;
  const titleId = useId();
  const phone = useMediaQuery(PHONE_CARDS_QUERY);
  return (
    <section className="mb-8 rounded-lg border border-slate-200 bg-white">
      <h2 id={titleId} className="px-4 py-3 text-base font-semibold text-slate-900">
        {caption}
      </h2>
      {rows.length === 0 ? (
        // Nothing to compare: the message alone, not a row of headers wider than a phone above it.
        <p className="border-t border-slate-100 px-4 py-6 text-center text-sm text-slate-600">{empty}</p>
      ) : phone ? (
        <ReportCards labelledBy={titleId} columns={columns} rows={rows} rowKey={rowKey} totals={totals} render={render} />
      ) : (
        <ScrollRegion labelledBy={titleId} className="rounded-b-lg">
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`px-2 py-2 align-bottom font-medium ${align(c)}`}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={rowKey(row, i)} className="border-t border-slate-100">
                  {columns.map((c) => (
                    <td key={c.header} className={cellClass(c)}>
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
                      <td key={c.header} className={cellClass(c)}>
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

/**
 * The rows on a phone: a card each, named by its first column, the other columns as labelled lines,
 * then the totals' cards with their figures. A list of cards named like the table.
 */
function ReportCards<T>({
  labelledBy,
  columns,
  rows,
  rowKey,
  totals,
  render,
}: {
  labelledBy: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  totals?: { label: string; row: T }[] | undefined;
  render: (c: ReportColumn<T>, row: T) => ReactNode;
}) {
  const [first, ...rest] = columns;
  const card = (key: string, title: ReactNode, fields: { header: string; value: ReactNode; money: boolean }[], total: boolean) => (
    <li key={key} className={`rounded-md border border-slate-200 p-3 ${total ? 'bg-slate-50 font-semibold' : 'bg-white'}`}>
      <p className="text-slate-900">{title}</p>
      <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {fields.map((f) => (
          <Fragment key={f.header}>
            <dt className="text-slate-600">{f.header}</dt>
            <dd className={f.money ? 'text-right whitespace-nowrap tabular-nums' : 'min-w-0 text-right break-words'}>{f.value}</dd>
          </Fragment>
        ))}
      </dl>
    </li>
  );
  return (
    <ul aria-labelledby={labelledBy} className="space-y-2 border-t border-slate-100 p-3 text-sm">
      {rows.map((row, i) =>
        card(
          rowKey(row, i),
          first ? render(first, row) : null,
          rest.map((c) => ({ header: c.header, value: render(c, row), money: Boolean(c.money || c.numeric) })),
          false,
        ),
      )}
      {totals?.map((t) =>
        card(
          `total-${t.label}`,
          t.label,
          rest.filter((c) => c.money).map((c) => ({ header: c.header, value: formatPaise(c.money!(t.row)), money: true })),
          true,
        ),
      )}
    </ul>
  );
}

import { lazy, Suspense, useId } from 'react';
import { Skeleton } from '~/web/components/ui/feedback';

export interface TrendPoint {
  /** The day (YYYY-MM-DD). */
  label: string;
  value: number;
  /** The same day of the previous period. */
  previous: number;
  /** That day's date. */
  previousLabel: string;
}

// Recharts loads only when a chart is drawn (the admin area is lazy too): no storefront page pays for it.
const RechartsTrend = lazy(() => import('./recharts-trend'));

/**
 * A daily series as an area, with the previous period dashed over it. The chart says nothing to a
 * screen reader, so the same numbers are a table: read by screen readers always, shown on screen
 * when `showTable` (the dashboard's "Show the numbers" switch).
 */
export function TrendChart({
  title,
  data,
  formatLabel,
  formatValue,
  valueLabel,
  previousLabel,
  showTable,
}: {
  title: string;
  data: TrendPoint[];
  formatLabel: (label: string) => string;
  formatValue: (value: number) => string;
  valueLabel: string;
  previousLabel: string;
  showTable: boolean;
}) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="min-w-0">
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-slate-800">
        {title}
      </figcaption>
      {!showTable && (
        <div aria-hidden="true" className="h-56 w-full overflow-hidden">
          <Suspense fallback={<Skeleton className="h-56 w-full" />}>
            <RechartsTrend
              data={data}
              formatLabel={formatLabel}
              formatValue={formatValue}
              valueLabel={valueLabel}
              previousLabel={previousLabel}
            />
          </Suspense>
        </div>
      )}
      {/* Shown, a long table scrolls in its own box: focusable so keyboard users can scroll it too. */}
      <div
        className={showTable ? 'max-h-80 overflow-auto' : 'sr-only'}
        {...(showTable ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Date
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {valueLabel}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {previousLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-left font-normal">
                  {formatLabel(d.label)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatValue(d.value)}</td>
                <td className="py-1 text-right tabular-nums">
                  {formatValue(d.previous)} <span className="text-xs text-slate-600">({formatLabel(d.previousLabel)})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

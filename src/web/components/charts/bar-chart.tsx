import { lazy, Suspense, useId } from 'react';
import { Skeleton } from '../ui/feedback';

export interface BarChartDatum {
  label: string;
  value: number;
  /** The value of the same point of the period compared with (drawn beside it, in grey). */
  previous?: number;
}

export interface BarChartProps {
  title: string;
  data: BarChartDatum[];
  /** How each label is shown on the axis and in the table (a date as "24 Nov", say). */
  formatLabel?: (label: string) => string;
  /** How each value is shown (a count, rupees). */
  formatValue?: (value: number) => string;
  /** The name of the values in the table's header. */
  valueLabel?: string;
  /** The name of the labels in the table's header. */
  labelHeading?: string;
  /** The name of the compared values (`previous` of each datum), e.g. "Previous 7 days". */
  previousLabel?: string;
}

// Recharts (and what it pulls in) loads only when a chart is drawn: no storefront page pays for it.
const RechartsBars = lazy(() => import('./recharts-bars'));

/**
 * Numbers compared over time, as bars drawn by Recharts, loaded on demand. The figure is named by
 * its caption; screen readers get the same numbers as a table (visually hidden), since the bars
 * say nothing to them, and the table is there before the chart library has loaded.
 */
export function BarChart({
  title,
  data,
  formatLabel = (l) => l,
  formatValue = String,
  valueLabel = 'Count',
  labelHeading = 'Date',
  previousLabel,
}: BarChartProps) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-slate-800">
        {title}
      </figcaption>
      {/* Clipped: when the screen narrows (a phone turned, a window made smaller), the chart keeps its
          old width until its resize observer redraws it, and that moment made the page scroll sideways. */}
      <div aria-hidden="true" className="h-48 w-full overflow-hidden">
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <RechartsBars
            data={data}
            formatLabel={formatLabel}
            formatValue={formatValue}
            valueLabel={valueLabel}
            previousLabel={previousLabel}
          />
        </Suspense>
      </div>
      {/* The figures for screen readers. A table is never narrower than its cells, so it is hidden
          inside a box that is (a hidden table itself widened a phone's page by its own width). */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col">{valueLabel}</th>
              {previousLabel && <th scope="col">{previousLabel}</th>}
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <td>{formatLabel(d.label)}</td>
                <td>{formatValue(d.value)}</td>
                {previousLabel && <td>{formatValue(d.previous ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

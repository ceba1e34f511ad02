import { lazy, Suspense, useId } from 'react';
import { Skeleton } from '../ui/feedback';

export interface BarChartDatum {
  label: string;
  value: number;
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
}: BarChartProps) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-slate-800">
        {title}
      </figcaption>
      <div aria-hidden="true" className="h-48 w-full">
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <RechartsBars data={data} formatLabel={formatLabel} formatValue={formatValue} valueLabel={valueLabel} />
        </Suspense>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeading}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <td>{formatLabel(d.label)}</td>
              <td>{formatValue(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

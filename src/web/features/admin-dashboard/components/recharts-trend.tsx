import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendPoint } from './trend-chart';

/** The drawing of a TrendChart (trend-chart.tsx loads this file, and Recharts with it, on demand). */
export default function RechartsTrend({
  data,
  formatLabel,
  formatValue,
  valueLabel,
  previousLabel,
}: {
  data: TrendPoint[];
  formatLabel: (label: string) => string;
  formatValue: (value: number) => string;
  valueLabel: string;
  previousLabel: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tickFormatter={formatLabel} tick={{ fontSize: 11, fill: '#475569' }} tickLine={false} minTickGap={16} />
        <YAxis
          width="auto"
          allowDecimals={false}
          tick={{ fontSize: 11, fill: '#475569' }}
          tickLine={false}
          axisLine={false}
          tickFormatter={formatValue}
        />
        <Tooltip
          labelFormatter={(label) => formatLabel(String(label))}
          formatter={(value, name) => [formatValue(Number(value)), String(name)]}
        />
        <Legend verticalAlign="top" height={24} iconSize={10} wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="linear"
          dataKey="previous"
          name={previousLabel}
          stroke="#64748b"
          strokeDasharray="5 4"
          dot={false}
          isAnimationActive={false}
        />
        <Area
          type="linear"
          dataKey="value"
          name={valueLabel}
          stroke="var(--color-brand-600, #1a6b7a)"
          fill="var(--color-brand-500, #1f8091)"
          fillOpacity={0.18}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

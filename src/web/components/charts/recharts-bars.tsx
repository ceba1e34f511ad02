import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BarChartDatum } from './bar-chart';

/** The drawing of a BarChart (bar-chart.tsx loads this file, and Recharts with it, on demand). */
export default function RechartsBars({
  data,
  formatLabel,
  formatValue,
  valueLabel,
  previousLabel,
}: {
  data: BarChartDatum[];
  formatLabel: (label: string) => string;
  formatValue: (value: number) => string;
  valueLabel: string;
  previousLabel?: string | undefined;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
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
          cursor={{ fill: '#f1f5f9' }}
          labelFormatter={(label) => formatLabel(String(label))}
          formatter={(value, name) => [formatValue(Number(value)), String(name)]}
        />
        {previousLabel && <Legend verticalAlign="top" height={24} iconSize={10} wrapperStyle={{ fontSize: 12 }} />}
        {previousLabel && <Bar dataKey="previous" name={previousLabel} fill="#94a3b8" radius={[3, 3, 0, 0]} isAnimationActive={false} />}
        <Bar dataKey="value" name={valueLabel} fill="var(--color-brand-500, #1f8091)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BarChartDatum } from './bar-chart';

/** The drawing of a BarChart (bar-chart.tsx loads this file, and Recharts with it, on demand). */
export default function RechartsBars({
  data,
  formatLabel,
  formatValue,
  valueLabel,
}: {
  data: BarChartDatum[];
  formatLabel: (label: string) => string;
  formatValue: (value: number) => string;
  valueLabel: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tickFormatter={formatLabel} tick={{ fontSize: 11, fill: '#475569' }} tickLine={false} minTickGap={16} />
        <YAxis
          allowDecimals={false}
          tick={{ fontSize: 11, fill: '#475569' }}
          tickLine={false}
          axisLine={false}
          tickFormatter={formatValue}
        />
        <Tooltip
          cursor={{ fill: '#f1f5f9' }}
          labelFormatter={(label) => formatLabel(String(label))}
          formatter={(value) => [formatValue(Number(value)), valueLabel]}
        />
        <Bar dataKey="value" name={valueLabel} fill="var(--color-brand-500, #1f8091)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

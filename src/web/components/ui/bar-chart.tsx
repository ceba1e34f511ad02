interface BarChartProps {
  title: string;
  data: { label: string; value: number }[];
  /** How each x label is shown under the bars (every few bars). */
  formatLabel?: (label: string) => string;
  unit?: string;
}

/**
 * A small SVG bar chart for numbers over time. Screen readers get the same numbers as a
 * table (visually hidden), since a picture of bars says nothing to them.
 */
export function BarChart({ title, data, formatLabel = (l) => l, unit = '' }: BarChartProps) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = 600;
  const height = 160;
  const gap = 2;
  const barWidth = width / Math.max(1, data.length) - gap;
  const labelEvery = Math.max(1, Math.ceil(data.length / 6));
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-48 w-full" aria-hidden="true" preserveAspectRatio="none">
        <line x1="0" y1={height} x2={width} y2={height} stroke="#cbd5e1" />
        {data.map((d, i) => {
          const h = (d.value / max) * (height - 16);
          const x = i * (barWidth + gap);
          return (
            <g key={d.label}>
              <rect x={x} y={height - h} width={barWidth} height={h} rx="2" className="fill-brand-500">
                <title>{`${formatLabel(d.label)}: ${d.value}${unit}`}</title>
              </rect>
              {d.value > 0 && (
                <text x={x + barWidth / 2} y={height - h - 3} textAnchor="middle" className="fill-slate-700 text-[10px]">
                  {d.value}
                </text>
              )}
              {i % labelEvery === 0 && (
                <text x={x} y={height + 14} className="fill-slate-500 text-[10px]">
                  {formatLabel(d.label)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Count</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <td>{formatLabel(d.label)}</td>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

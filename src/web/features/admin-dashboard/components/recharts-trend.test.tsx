import { render } from '@testing-library/react';
import { cloneElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type * as Recharts from 'recharts';
import RechartsTrend from './recharts-trend';

// jsdom lays nothing out, so the chart is given the size a browser would.
vi.mock('recharts', async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 600, height: 200 }),
  };
});

const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
const data = days.map((label, i) => ({ label, value: [3, 9, 1, 7, 2][i]!, previous: [2, 2, 8, 1, 5][i]!, previousLabel: label }));

describe('the dashboard trend', () => {
  it('joins the days by straight lines, suggesting no values between them', () => {
    const { container } = render(
      <RechartsTrend data={data} formatLabel={(l) => l} formatValue={String} valueLabel="Orders" previousLabel="Previous 7 days" />,
    );
    const curves = [...container.querySelectorAll('path.recharts-curve')].map((p) => p.getAttribute('d') ?? '');
    // The area's line and fill, and the previous period's dashed line.
    expect(curves.length).toBeGreaterThanOrEqual(2);
    for (const d of curves) {
      expect(d).toMatch(/L/);
      // A smoothed curve is drawn with cubic Bézier segments (C); straight lines have none.
      expect(d).not.toMatch(/C/);
    }
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

describe('BarChart', () => {
  it('is a figure named by its caption, with the same numbers as a table for screen readers', () => {
    render(
      <BarChart
        title="Orders per day"
        data={[
          { label: '2026-11-23', value: 1_234 },
          { label: '2026-11-24', value: 56 },
        ]}
        formatLabel={(l) => l.slice(8)}
        formatValue={(v) => new Intl.NumberFormat('en-IN').format(v)}
        valueLabel="Orders"
      />,
    );
    expect(screen.getByRole('figure', { name: 'Orders per day' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Orders per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Orders']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['231,234', '2456']);
  });
});

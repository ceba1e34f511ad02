import { describe, expect, it } from 'vitest';
import { periodsOf } from './dashboard-range';

describe('periodsOf', () => {
  it('counts days in India time: half past midnight in Mumbai is already the next day and month', () => {
    // 1 Dec 2026, 00:30 in India.
    const now = new Date('2026-11-30T19:00:00Z');
    const month = periodsOf({ range: 'month' }, now);
    expect(month).toMatchObject({ from: '2026-12-01', to: '2026-12-01', days: 1, previousFrom: '2026-11-30', previousTo: '2026-11-30' });
    expect(month.start.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(month.end.toISOString()).toBe('2026-12-01T18:30:00.000Z');
    expect(month.previousStart.toISOString()).toBe('2026-11-29T18:30:00.000Z');
  });

  it('puts the previous period of the same length just before: 7 days, this month, custom', () => {
    const now = new Date('2026-03-10T06:00:00Z');
    expect(periodsOf({ range: '7d' }, now)).toMatchObject({
      from: '2026-03-04',
      to: '2026-03-10',
      previousFrom: '2026-02-25',
      previousTo: '2026-03-03',
    });
    expect(periodsOf({ range: 'month' }, now)).toMatchObject({
      from: '2026-03-01',
      days: 10,
      previousFrom: '2026-02-19',
      previousTo: '2026-02-28',
    });
    const custom = periodsOf({ range: 'custom', from: '2025-03-10', to: '2026-03-10' }, now);
    expect(custom).toMatchObject({ days: 366, previousFrom: '2024-03-09', previousTo: '2025-03-09' });
    expect(custom.end.getTime() - custom.start.getTime()).toBe(366 * 86_400_000);
    expect(custom.start.getTime() - custom.previousStart.getTime()).toBe(366 * 86_400_000);
  });
});

import { describe, expect, it } from 'vitest';
import { indiaDay, mondayOf, monthRange, nextSettlementDay, settlementWeek } from './settlement-week';

describe('the settlement week (Monday to Sunday, India time)', () => {
  it('settles the last week that has ended', () => {
    // Wednesday 25 Nov 2026, 10:00 in India.
    expect(settlementWeek(new Date('2026-11-25T10:00:00+05:30'))).toEqual({
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      endsBefore: new Date('2026-11-23T00:00:00+05:30'),
    });
    expect(nextSettlementDay(new Date('2026-11-25T10:00:00+05:30'))).toBe('2026-11-30');
  });

  it('counts days in India: Sunday 23:59 there is still the old week, though it is Sunday afternoon in London', () => {
    expect(mondayOf(new Date('2026-11-22T23:59:00+05:30'))).toEqual(new Date('2026-11-16T00:00:00+05:30'));
    expect(mondayOf(new Date('2026-11-23T00:00:00+05:30'))).toEqual(new Date('2026-11-23T00:00:00+05:30'));
    // 20:00 UTC on Sunday is 01:30 on Monday in India.
    expect(indiaDay(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(settlementWeek(new Date('2026-11-22T20:00:00Z')).periodStart).toBe('2026-11-16');
  });

  it('crosses months and years', () => {
    expect(settlementWeek(new Date('2027-01-01T12:00:00+05:30'))).toMatchObject({ periodStart: '2026-12-21', periodEnd: '2026-12-27' });
  });
});

describe('a month of India time', () => {
  it('runs from midnight on the 1st in India to midnight on the 1st of the next', () => {
    expect(monthRange('2026-12')).toEqual({ from: new Date('2026-12-01T00:00:00+05:30'), to: new Date('2027-01-01T00:00:00+05:30') });
  });
});

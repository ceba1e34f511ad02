import { describe, expect, it } from 'vitest';
import { grievanceDueDates, ticketNumberOf, ticketYearOf } from './grievance-deadlines';

const ist = (wall: string) => new Date(`${wall}+05:30`);

describe('the time limits of a complaint', () => {
  it('asks for an acknowledgement 48 hours after receipt and a resolution one calendar month after', () => {
    const { acknowledgeBy, resolveBy } = grievanceDueDates(ist('2026-03-15T10:00:00'));
    expect(acknowledgeBy).toEqual(ist('2026-03-17T10:00:00'));
    expect(resolveBy).toEqual(ist('2026-04-15T10:00:00'));
  });

  it('ends the month on its last day when the day of receipt does not exist in the next month', () => {
    expect(grievanceDueDates(ist('2026-01-31T18:30:00')).resolveBy).toEqual(ist('2026-02-28T18:30:00'));
    expect(grievanceDueDates(ist('2028-01-30T09:00:00')).resolveBy).toEqual(ist('2028-02-29T09:00:00'));
    expect(grievanceDueDates(ist('2026-08-31T12:00:00')).resolveBy).toEqual(ist('2026-09-30T12:00:00'));
  });

  it('counts the month on the Indian calendar: late evening UTC is already the next day in India', () => {
    // 30 April 20:00 UTC is 1 May 01:30 in India: due 1 June 01:30 IST, not 30 May.
    expect(grievanceDueDates(new Date('2026-04-30T20:00:00Z')).resolveBy).toEqual(ist('2026-06-01T01:30:00'));
  });

  it('runs across the new year, and numbers tickets by the Indian year of receipt', () => {
    const received = ist('2026-12-31T23:00:00');
    expect(grievanceDueDates(received)).toEqual({ acknowledgeBy: ist('2027-01-02T23:00:00'), resolveBy: ist('2027-01-31T23:00:00') });
    expect(ticketYearOf(new Date('2026-12-31T19:00:00Z'))).toBe(2027);
    expect(ticketNumberOf(2026, 123)).toBe('GRV-2026-000123');
  });
});

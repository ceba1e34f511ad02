import { describe, expect, it } from 'vitest';
import { cancelProblem, extendProblem, needsEwayBill, portalDate, thresholdFor, validityDays, validUntil } from './eway-bill-rules';

describe('the validity of an e-way bill by distance (rule 138(10))', () => {
  it.each([
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [401, 3],
    [1000, 5],
    [4000, 20],
  ])('%i km: %i day(s)', (km, days) => {
    expect(validityDays(km)).toBe(days);
  });

  it('ends at midnight in India of the last day, counted from the day after the one it was made', () => {
    // 10:00 in India on 7 December, 150 km: one day, to the end of 8 December (23:59:59 IST = 18:29:59 UTC).
    expect(validUntil(new Date('2026-12-07T04:30:00Z'), 150).toISOString()).toBe('2026-12-08T18:29:59.000Z');
    // Made at 23:30 in India the same day: the same end, not 24 hours later.
    expect(validUntil(new Date('2026-12-07T18:00:00Z'), 150).toISOString()).toBe('2026-12-08T18:29:59.000Z');
    // 00:30 in India on 8 December is still 7 December in UTC: the day is India's.
    expect(validUntil(new Date('2026-12-07T19:00:00Z'), 150).toISOString()).toBe('2026-12-09T18:29:59.000Z');
    // 1,000 km: five days, to the end of 12 December.
    expect(validUntil(new Date('2026-12-07T04:30:00Z'), 1000).toISOString()).toBe('2026-12-12T18:29:59.000Z');
  });

  it('writes dates as the portal does, in India', () => {
    expect(portalDate(new Date('2026-12-07T19:00:00Z'))).toBe('08/12/2026');
  });
});

describe('when a consignment needs an e-way bill', () => {
  it('between states: above ₹50,000, not at ₹50,000 exactly', () => {
    expect(thresholdFor('Maharashtra', 'Karnataka')).toBe(50_000_00);
    expect(needsEwayBill(50_000_00, 'Maharashtra', 'Karnataka')).toBe(false);
    expect(needsEwayBill(50_000_01, 'Maharashtra', 'Karnataka')).toBe(true);
    expect(needsEwayBill(78_000_00, 'Maharashtra', 'Karnataka')).toBe(true);
  });

  it("within a state: above that state's own limit (₹1,00,000 in Maharashtra, ₹50,000 in Karnataka)", () => {
    expect(needsEwayBill(78_000_00, 'Maharashtra', 'Maharashtra')).toBe(false);
    expect(needsEwayBill(1_00_000_00, 'Maharashtra', 'Maharashtra')).toBe(false);
    expect(needsEwayBill(1_00_000_01, 'Maharashtra', 'Maharashtra')).toBe(true);
    expect(needsEwayBill(50_000_00, 'Karnataka', 'Karnataka')).toBe(false);
    expect(needsEwayBill(50_000_01, 'Karnataka', 'Karnataka')).toBe(true);
  });
});

describe('cancelling and extending', () => {
  const generatedAt = new Date('2026-12-07T04:30:00Z');
  it('cancels within 24 hours of generation only', () => {
    expect(cancelProblem({ generatedAt }, new Date('2026-12-08T04:29:59Z'))).toBeNull();
    expect(cancelProblem({ generatedAt }, new Date('2026-12-08T04:30:01Z'))).toMatch(/within 24 hours/);
  });
  it('extends within 8 hours before or after the validity ends only', () => {
    const bill = { validUntil: new Date('2026-12-08T18:29:59Z') };
    expect(extendProblem(bill, new Date('2026-12-08T10:00:00Z'))).toMatch(/within 8 hours/);
    expect(extendProblem(bill, new Date('2026-12-08T10:30:00Z'))).toBeNull();
    expect(extendProblem(bill, new Date('2026-12-09T02:29:00Z'))).toBeNull();
    expect(extendProblem(bill, new Date('2026-12-09T02:31:00Z'))).toMatch(/within 8 hours/);
  });
});

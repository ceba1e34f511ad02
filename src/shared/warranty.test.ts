import { describe, expect, it } from 'vitest';
import { warrantyEndOf, warrantyText } from './warranty';

describe('a unit’s warranty', () => {
  it('ends the day before the same date the warranty’s months later', () => {
    expect(warrantyEndOf('2026-03-12', 12)).toBe('2027-03-11');
    expect(warrantyEndOf('2026-01-01', 24)).toBe('2027-12-31');
  });

  it('ends on the last day of a month without the start’s date', () => {
    expect(warrantyEndOf('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('reads as the customer’s order page shows it, and starts on delivery before it', () => {
    expect(warrantyText({ warrantyStart: '2026-03-12', warrantyEnd: '2027-03-11' }, 12)).toBe('Warranty 12 Mar 2026 – 11 Mar 2027');
    expect(warrantyText({ warrantyStart: null, warrantyEnd: null }, 12)).toBe('Warranty 12 months, starts on delivery');
    expect(warrantyEndOf('2026-03-12', 0)).toBeNull();
  });
});

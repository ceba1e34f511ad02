import { describe, expect, it } from 'vitest';
import { addWorkingDays, deliveryZone } from './delivery';

describe('deliveryZone', () => {
  it('knows Pune, Navi Mumbai and the rest of India by PIN code', () => {
    expect(deliveryZone('411004')).toEqual({ region: 'Pune', minDays: 1, maxDays: 2, cod: true });
    expect(deliveryZone('400703')?.region).toBe('Mumbai and Navi Mumbai');
    expect(deliveryZone('410210')?.region).toBe('Mumbai and Navi Mumbai');
    expect(deliveryZone('431001')?.region).toBe('Maharashtra');
    expect(deliveryZone('560001')?.region).toBe('Bengaluru');
    expect(deliveryZone('110001')?.region).toBe('Delhi');
  });

  it('offers no cash on delivery in remote areas', () => {
    expect(deliveryZone('781001')?.cod).toBe(false);
    expect(deliveryZone('190001')?.cod).toBe(false);
    expect(deliveryZone('744101')?.cod).toBe(false);
  });

  it('refuses what is not a 6-digit PIN code', () => {
    for (const pin of ['', '41100', '4110041', '011004', 'abcdef', '411 004']) expect(deliveryZone(pin)).toBeNull();
  });
});

describe('addWorkingDays', () => {
  it('skips Sundays and counts in Indian time', () => {
    // Friday 20 Nov 2026, 10:00 IST
    const friday = new Date('2026-11-20T04:30:00Z');
    expect(addWorkingDays(friday, 1)).toBe('2026-11-21');
    expect(addWorkingDays(friday, 2)).toBe('2026-11-23');
    // Saturday 21 Nov 2026, 23:30 IST is still Saturday in India, though Saturday evening in UTC too.
    expect(addWorkingDays(new Date('2026-11-21T18:00:00Z'), 1)).toBe('2026-11-23');
  });
});

import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, groupDigits } from './money';

describe('formatPaise', () => {
  it('formats paise as rupees with Indian digit grouping', () => {
    expect(formatPaise(12_345_600)).toBe('₹1,23,456.00');
    expect(formatPaise(1_00_00_000_00)).toBe('₹1,00,00,000.00');
    expect(formatPaise(99_999)).toBe('₹999.99');
    expect(formatPaise(5)).toBe('₹0.05');
  });

  it('formats zero as ₹0.00', () => {
    expect(formatPaise(0)).toBe('₹0.00');
  });

  it('formats a negative amount (a refund) with a minus sign', () => {
    expect(formatPaise(-12_345_600)).toBe('-₹1,23,456.00');
  });

  it('refuses amounts that are not a whole number of paise', () => {
    expect(() => formatPaise(123.5)).toThrow(TypeError);
    expect(() => formatPaise(0.1 + 0.2)).toThrow(/integer number of paise/);
    expect(() => formatPaise(Number.NaN)).toThrow(TypeError);
    expect(() => formatPaise(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});

describe('formatting without Intl (decision 36)', () => {
  const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  const count = new Intl.NumberFormat('en-IN');
  const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  // Every number of digits from 1 to 15, with random digits, both signs: what Intl's en-IN data prints.
  const samples = [0, 1, 9, 10, 99, 100, 999, 1000, 99_999, 1_00_000, 9_99_99_999];
  for (let digits = 1; digits <= 15; digits++) for (let i = 0; i < 20; i++) samples.push(Math.floor(Math.random() * 10 ** digits));

  it('prints paise exactly as Intl en-IN does', () => {
    for (const n of samples) {
      expect(formatPaise(n)).toBe(intl.format(n / 100));
      if (n > 0) expect(formatPaise(-n)).toBe(intl.format(-n / 100));
    }
  });

  it('groups whole numbers and whole rupees as Intl en-IN does', () => {
    for (const n of samples) {
      expect(groupDigits(n)).toBe(count.format(n));
      expect(groupDigits(-n)).toBe(count.format(-n).replace(/^-0$/, '0'));
      expect(formatRupees(n)).toBe(wholeRupees.format(n));
    }
  });

  it('refuses to group a fraction', () => {
    expect(() => groupDigits(1.5)).toThrow(TypeError);
  });
});

import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, groupDigits, parseRupeesToPaise } from './money';

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

describe('parseRupeesToPaise', () => {
  it('reads rupees as typed, with the rupee sign, Indian commas and spaces, in paise', () => {
    expect(parseRupeesToPaise('54,990')).toBe(54_990_00);
    expect(parseRupeesToPaise(' ₹ 1,23,456.5 ')).toBe(1_23_456_50);
    expect(parseRupeesToPaise('0.07')).toBe(7);
    expect(parseRupeesToPaise(1499.99)).toBe(1_499_99);
  });

  it('rounds to the paisa where binary fractions do not add up', () => {
    expect(parseRupeesToPaise('1.15')).toBe(115);
    expect(parseRupeesToPaise('4.35')).toBe(435);
  });

  it('is null for what is not an amount in rupees', () => {
    for (const text of ['', 'abc', '12.345', '-5', '1e3', '12.', '.5']) expect(parseRupeesToPaise(text)).toBeNull();
  });

  it('bounds the whole rupees to the digits allowed', () => {
    expect(parseRupeesToPaise('99999999.99')).toBe(9_999_999_999);
    expect(parseRupeesToPaise('100000000')).toBeNull();
    expect(parseRupeesToPaise('100000000', 9)).toBe(10_000_000_000);
  });
});

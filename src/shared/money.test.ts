import { describe, expect, it } from 'vitest';
import { formatPaise } from './money';

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

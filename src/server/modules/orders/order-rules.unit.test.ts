import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { refundOfLines } from './order-rules';

/** Two lines of an order with a ₹1,000 coupon shared between them in proportion to their totals. */
const items = [
  { id: 'oit_laptop', productId: 'prd_laptop', quantity: 2, lineTotalPaise: 2 * 64_990_00, discountPaise: 866_53 },
  { id: 'oit_monitor', productId: 'prd_monitor', quantity: 1, lineTotalPaise: 19_990_00, discountPaise: 133_47 },
];

describe('refundOfLines', () => {
  it('gives back a whole line at its price after its share of the coupon', () => {
    expect(refundOfLines(items, [{ itemId: 'oit_monitor', quantity: 1 }])).toBe(19_990_00 - 133_47);
  });

  it('gives back part of a line pro rata, to the paisa', () => {
    expect(refundOfLines(items, [{ itemId: 'oit_laptop', quantity: 1 }])).toBe(Math.round((2 * 64_990_00 - 866_53) / 2));
  });

  it('adds up to exactly what was paid for the goods when every line is refunded', () => {
    const all = refundOfLines(items, [
      { itemId: 'oit_laptop', quantity: 2 },
      { itemId: 'oit_monitor', quantity: 1 },
    ]);
    expect(all).toBe(2 * 64_990_00 + 19_990_00 - 1_000_00);
  });

  it('refuses a line of another order and more than was bought', () => {
    expect(() => refundOfLines(items, [{ itemId: 'oit_other', quantity: 1 }])).toThrow(AppError);
    expect(() => refundOfLines(items, [{ itemId: 'oit_monitor', quantity: 2 }])).toThrow(/between 1 and 1/);
    expect(() => refundOfLines(items, [{ itemId: 'oit_laptop', quantity: 0 }])).toThrow(/between 1 and 2/);
  });
});

import type { coupons } from '../../../db/schema/coupons';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The demo coupon codes, each showing one rule of the coupon check: a capped percent, a flat
 * amount, a per-customer limit of two, a big-order percent, an expired festive code (the
 * expiry message), a launch code with one use left and a code for monitors only (a scoped coupon).
 */
export function demoCoupons(now: Date): (typeof coupons.$inferInsert)[] {
  const since = new Date(now.getTime() - 180 * DAY_MS);
  return [
    {
      code: 'WELCOME10',
      description: '10% off an order of ₹5,000 or more, up to ₹2,000. Once per customer.',
      kind: 'percent',
      value: 10,
      minOrderPaise: 5_000_00,
      maxDiscountPaise: 2_000_00,
      perCustomerLimit: 1,
      startsAt: since,
    },
    {
      code: 'FLAT1500',
      description: '₹1,500 off orders of ₹40,000 or more. Once per customer.',
      kind: 'flat',
      value: 1_500_00,
      minOrderPaise: 40_000_00,
      perCustomerLimit: 1,
      startsAt: since,
    },
    {
      code: 'MONITOR500',
      description: '₹500 off orders of ₹10,000 or more, made for a monitor upgrade. You can use it twice.',
      kind: 'flat',
      value: 500_00,
      minOrderPaise: 10_000_00,
      perCustomerLimit: 2,
      usageLimit: 200,
      startsAt: since,
    },
    {
      code: 'BIGSAVE',
      description: '5% off orders of ₹1,00,000 or more, up to ₹7,500.',
      kind: 'percent',
      value: 5,
      minOrderPaise: 1_00_000_00,
      maxDiscountPaise: 7_500_00,
      perCustomerLimit: 1,
      startsAt: since,
    },
    {
      code: 'DIWALI2026',
      description: 'Diwali sale: 12% off orders of ₹10,000 or more, up to ₹5,000. Ended on 5 November 2026.',
      kind: 'percent',
      value: 12,
      minOrderPaise: 10_000_00,
      maxDiscountPaise: 5_000_00,
      perCustomerLimit: 1,
      // The whole of 5 November in India (UTC+05:30).
      startsAt: new Date('2026-10-20T00:00:00+05:30'),
      expiresAt: new Date('2026-11-05T23:59:59+05:30'),
    },
    {
      code: 'LAUNCH50',
      description: '₹750 off orders of ₹20,000 or more, for our first 50 customers. Only a few left.',
      kind: 'flat',
      value: 750_00,
      minOrderPaise: 20_000_00,
      perCustomerLimit: 1,
      usageLimit: 50,
      usedCount: 49,
      startsAt: since,
    },
    {
      // Scoped: counts and discounts only the monitors in a cart.
      code: 'MONITOR10',
      description: '10% off monitors worth ₹8,000 or more, up to ₹3,000. Monitors only.',
      kind: 'percent',
      value: 10,
      minOrderPaise: 8_000_00,
      maxDiscountPaise: 3_000_00,
      perCustomerLimit: 1,
      category: 'Monitor',
      startsAt: since,
    },
  ];
}

import { describe, expect, it } from 'vitest';
import { couponMisfit, priceOrder, PricingError, type CouponRule } from './pricing';

const monitors: CouponRule = {
  code: 'MONITOR10',
  kind: 'percent',
  value: 10,
  minOrderPaise: 10_000_00,
  maxDiscountPaise: null,
  scope: { category: 'Monitor', vendorId: null, label: 'monitors' },
};
const laptop = { unitPricePaise: 54_990_00, quantity: 1, category: 'Laptop' as const, sellerState: 'Maharashtra', vendorId: 'ven_a' };
const monitor = { unitPricePaise: 12_345_67, quantity: 1, category: 'Monitor' as const, sellerState: 'Maharashtra', vendorId: 'ven_b' };
const price = (lines: (typeof laptop | typeof monitor)[], coupon: CouponRule) =>
  priceOrder({ lines, deliveryState: 'Maharashtra', delivery: 'standard', coupon });

describe('a coupon limited to a category or a seller', () => {
  it('discounts only the lines in its scope, whatever their order in the cart', () => {
    const priced = price([monitor, laptop], monitors);
    expect(priced.discountPaise).toBe(1_234_56);
    expect(priced.lines.map((l) => l.discountPaise)).toEqual([1_234_56, 0]);
    expect(priced.totalPaise).toBe(54_990_00 + 12_345_67 - 1_234_56);
  });

  it('counts only the lines in scope for its minimum, and says so when the cart has none', () => {
    expect(() => price([laptop, { ...monitor, unitPricePaise: 9_999_00 }], monitors)).toThrow(
      'Coupon MONITOR10 needs monitors worth at least ₹10,000 in your cart',
    );
    expect(() => price([laptop], monitors)).toThrow(
      new PricingError('COUPON_OUT_OF_SCOPE', 'Coupon MONITOR10 applies only to monitors, and your cart has none'),
    );
  });

  it('tells the checkout’s offers the same: no line in scope, or how much of its lines is missing for the minimum', () => {
    expect(couponMisfit(monitors, [laptop])).toEqual({ code: 'COUPON_OUT_OF_SCOPE' });
    // Two monitors of ₹4,500 count, the laptop does not.
    expect(couponMisfit(monitors, [laptop, { ...monitor, unitPricePaise: 4_500_00, quantity: 2 }])).toEqual({
      code: 'COUPON_MIN_ORDER',
      shortfallPaise: 1_000_00,
    });
    expect(couponMisfit(monitors, [laptop, monitor])).toBeNull();
    expect(couponMisfit({ ...monitors, scope: null, minOrderPaise: 1_00_000_00 }, [laptop])).toEqual({
      code: 'COUPON_MIN_ORDER',
      shortfallPaise: 45_010_00,
    });
  });

  it('shares a flat seller discount over that seller’s lines in proportion, the last of them taking the rounding', () => {
    const seller: CouponRule = {
      code: 'SELLER',
      kind: 'flat',
      value: 1_000_01,
      minOrderPaise: 0,
      maxDiscountPaise: null,
      scope: { category: null, vendorId: 'ven_b', label: 'products sold by B' },
    };
    const other = { ...monitor, unitPricePaise: 20_000_00 };
    const priced = price([monitor, laptop, other], seller);
    const first = Math.floor((1_000_01 * 12_345_67) / (12_345_67 + 20_000_00));
    expect(priced.lines.map((l) => l.discountPaise)).toEqual([first, 0, 1_000_01 - first]);
  });
});

import { describe, expect, it } from 'vitest';
import { codAllowed, couponDiscount, priceOrder, PRICING, PricingError, shippingFor, splitGst, type CouponRule } from './pricing';

const laptop = (unitPricePaise: number, quantity = 1, sellerState = 'Maharashtra') => ({
  unitPricePaise,
  quantity,
  category: 'Laptop' as const,
  sellerState,
});

describe('splitGst', () => {
  it('takes 18% GST out of a GST-inclusive price', () => {
    // ₹1,18,000 = ₹1,00,000 + ₹18,000 GST
    expect(splitGst(1_18_000_00, 1800, false)).toEqual({ taxablePaise: 1_00_000_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000_00 });
    expect(splitGst(1_18_000_00, 1800, true)).toEqual({
      taxablePaise: 1_00_000_00,
      cgstPaise: 9_000_00,
      sgstPaise: 9_000_00,
      igstPaise: 0,
    });
  });

  it('keeps every paisa: taxable + GST = price, CGST and SGST differ by at most one paisa', () => {
    for (const price of [1, 99, 54_990_00, 74_490_00, 1_59_900_00, 12_345_67]) {
      const s = splitGst(price, 1800, true);
      expect(s.taxablePaise + s.cgstPaise + s.sgstPaise).toBe(price);
      expect(Math.abs(s.cgstPaise - s.sgstPaise)).toBeLessThanOrEqual(1);
    }
  });
});

describe('coupons', () => {
  const tenPercent: CouponRule = { code: 'DIWALI10', kind: 'percent', value: 10, minOrderPaise: 20_000_00, maxDiscountPaise: 5_000_00 };
  const flat: CouponRule = { code: 'FLAT2000', kind: 'flat', value: 2_000_00, minOrderPaise: 30_000_00, maxDiscountPaise: null };

  it('gives a percentage up to its cap, or a flat amount', () => {
    expect(couponDiscount(tenPercent, 30_000_00)).toBe(3_000_00);
    expect(couponDiscount(tenPercent, 90_000_00)).toBe(5_000_00);
    expect(couponDiscount(flat, 30_000_00)).toBe(2_000_00);
  });

  it('refuses an order below the minimum with a clear message', () => {
    expect(() => couponDiscount(flat, 29_999_99)).toThrow(PricingError);
    expect(() => couponDiscount(flat, 29_999_99)).toThrow('at least ₹30,000');
  });
});

describe('priceOrder', () => {
  it('charges CGST + SGST within Maharashtra and IGST to Karnataka', () => {
    const pune = priceOrder({ lines: [laptop(74_490_00)], deliveryState: 'Maharashtra', delivery: 'standard' });
    expect(pune.intraState).toBe(true);
    expect(pune.igstPaise).toBe(0);
    expect(pune.cgstPaise + pune.sgstPaise).toBe(pune.gstPaise);
    const bengaluru = priceOrder({ lines: [laptop(74_490_00)], deliveryState: 'Karnataka', delivery: 'standard' });
    expect(bengaluru.intraState).toBe(false);
    expect(bengaluru.igstPaise).toBe(pune.gstPaise);
  });

  it('shares a coupon over the lines and keeps the sums exact', () => {
    const coupon: CouponRule = { code: 'X', kind: 'flat', value: 1_000_01, minOrderPaise: 0, maxDiscountPaise: null };
    const order = priceOrder({
      lines: [laptop(33_333_33, 2), laptop(12_345_67, 3)],
      deliveryState: 'Gujarat',
      delivery: 'standard',
      coupon,
    });
    expect(order.subtotalPaise).toBe(33_333_33 * 2 + 12_345_67 * 3);
    expect(order.discountPaise).toBe(1_000_01);
    expect(order.lines.reduce((n, l) => n + l.discountPaise, 0)).toBe(1_000_01);
    for (const l of order.lines) expect(l.taxablePaise + l.igstPaise).toBe(l.lineTotalPaise - l.discountPaise);
    expect(order.totalPaise).toBe(order.subtotalPaise - order.discountPaise + order.shippingPaise);
  });

  it('delivers free at or above ₹10,000, else ₹199; express always ₹499', () => {
    expect(shippingFor('standard', PRICING.freeShippingAtPaise)).toBe(0);
    expect(shippingFor('standard', PRICING.freeShippingAtPaise - 1)).toBe(199_00);
    expect(shippingFor('express', 5_00_000_00)).toBe(499_00);
    const cheap = priceOrder({ lines: [laptop(8_499_00)], deliveryState: 'Maharashtra', delivery: 'standard' });
    expect(cheap.shippingPaise).toBe(199_00);
    expect(cheap.totalPaise).toBe(8_698_00);
  });

  it('refuses empty orders and bad quantities', () => {
    expect(() => priceOrder({ lines: [], deliveryState: 'Goa', delivery: 'standard' })).toThrow(PricingError);
    for (const quantity of [0, -1, 1.5]) {
      expect(() => priceOrder({ lines: [laptop(1_000_00, quantity)], deliveryState: 'Goa', delivery: 'standard' })).toThrow(PricingError);
    }
  });
});

describe('cash on delivery', () => {
  it('is allowed up to ₹50,000 where the PIN code allows it', () => {
    expect(codAllowed(50_000_00, true)).toBe(true);
    expect(codAllowed(50_000_01, true)).toBe(false);
    expect(codAllowed(10_000_00, false)).toBe(false);
  });
});

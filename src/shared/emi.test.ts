import { describe, expect, it } from 'vitest';
import { EMI_TENURES, emiExact, emiPlan, emiPlans, lowestEmi } from './emi';

const rupees = (r: number) => r * 100;

describe('EMI on the reducing balance', () => {
  it('matches the banks’ figures for ₹50,000 at 15% a year', () => {
    // The figures any bank's EMI calculator shows for ₹50,000 at 15% p.a.
    expect(emiPlan(rupees(50_000), 12).monthlyPaise).toBe(451_292); // ₹4,512.92
    expect(emiPlan(rupees(50_000), 24).monthlyPaise).toBe(242_433); // ₹2,424.33
    expect(emiPlan(rupees(50_000), 9).monthlyPaise).toBe(590_853); // ₹5,908.53
    expect(emiPlan(rupees(50_000), 18).monthlyPaise).toBe(311_924); // ₹3,119.24
  });

  it('charges the interest as what the instalments add up to over the price', () => {
    const plan = emiPlan(rupees(50_000), 12);
    expect(plan).toMatchObject({ annualRatePercent: 15, noCost: false, totalPaise: 451_292 * 12 });
    expect(plan.interestPaise).toBe(451_292 * 12 - rupees(50_000));
    expect(plan.lastMonthlyPaise).toBe(plan.monthlyPaise);
  });

  it('without interest divides the principal evenly', () => {
    expect(emiExact(rupees(30_000), 0, 6)).toBe(rupees(5_000));
  });

  it('makes 3 and 6 months no-cost above ₹10,000: the instalments add up to the price exactly', () => {
    for (const price of [rupees(10_000) + 1, rupees(50_000), 6_499_000, 12_345_67]) {
      for (const months of [3, 6] as const) {
        const plan = emiPlan(price, months);
        expect(plan.noCost, `${price} over ${months}`).toBe(true);
        expect(plan.annualRatePercent).toBe(0);
        expect(plan.interestPaise).toBe(0);
        expect(plan.totalPaise).toBe(price);
        expect(plan.monthlyPaise * (months - 1) + plan.lastMonthlyPaise).toBe(price);
        expect(plan.lastMonthlyPaise).toBeLessThanOrEqual(plan.monthlyPaise);
        expect(plan.lastMonthlyPaise).toBeGreaterThan(0);
      }
    }
    expect(emiPlan(rupees(50_000), 3).monthlyPaise).toBe(1_666_667);
  });

  it('charges interest on 3 and 6 months at ₹10,000 or less, and on 9 months or more always', () => {
    expect(emiPlan(rupees(10_000), 3)).toMatchObject({ noCost: false, annualRatePercent: 15 });
    expect(emiPlan(rupees(10_000), 6)).toMatchObject({ noCost: false, annualRatePercent: 15 });
    expect(emiPlan(rupees(2_00_000), 9)).toMatchObject({ noCost: false, annualRatePercent: 15 });
    expect(emiPlan(rupees(10_000), 3).totalPaise).toBeGreaterThan(rupees(10_000));
  });

  it('works on whole paise only', () => {
    for (const plan of emiPlans(7_499_999)) {
      expect(Number.isInteger(plan.monthlyPaise)).toBe(true);
      expect(Number.isInteger(plan.totalPaise)).toBe(true);
    }
    expect(() => emiPlans(100.5)).toThrow(TypeError);
    expect(() => emiPlan(-1, 3)).toThrow(TypeError);
  });
});

describe('the tenure table', () => {
  it('lists 3, 6, 9, 12, 18 and 24 months, shortest first', () => {
    expect(emiPlans(rupees(64_990)).map((p) => p.months)).toEqual([...EMI_TENURES]);
    expect(EMI_TENURES).toEqual([3, 6, 9, 12, 18, 24]);
  });

  it('offers no EMI below ₹3,000', () => {
    expect(emiPlans(rupees(2_999))).toEqual([]);
    expect(lowestEmi(rupees(2_999))).toBeNull();
    expect(emiPlans(rupees(3_000))).toHaveLength(6);
  });

  it('gives the longest tenure as the lowest monthly instalment', () => {
    const lowest = lowestEmi(rupees(50_000));
    expect(lowest).toMatchObject({ months: 24, monthlyPaise: 242_433 });
  });
});

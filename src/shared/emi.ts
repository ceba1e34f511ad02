/**
 * EMI (equated monthly instalments) on card payments, in integer paise. The product page shows
 * the lowest monthly amount; checkout lists the same plans when the buyer pays by EMI.
 *
 * - Tenures of 3, 6, 9, 12, 18 and 24 months.
 * - Interest is 15% a year on the reducing balance (the banks' standard formula).
 * - 3 and 6 months are no-cost above ₹10,000: the shop gives the interest back as a discount,
 *   so the buyer pays exactly the price spread over the months.
 * - EMI is offered from ₹3,000 (banks do not convert smaller amounts).
 */

export const EMI_TENURES = [3, 6, 9, 12, 18, 24] as const;
export type EmiTenure = (typeof EMI_TENURES)[number];

/** Yearly interest of the interest-bearing tenures, in percent. */
export const EMI_ANNUAL_RATE_PERCENT = 15;
/** Tenures that are no-cost when the amount is above `EMI_NO_COST_ABOVE_PAISE`. */
export const EMI_NO_COST_TENURES: readonly EmiTenure[] = [3, 6];
/** ₹10,000: no-cost EMI needs an amount above this. */
export const EMI_NO_COST_ABOVE_PAISE = 10_000_00;
/** ₹3,000: the smallest amount that can be paid by EMI. */
export const EMI_MIN_AMOUNT_PAISE = 3_000_00;

export interface EmiPlan {
  months: EmiTenure;
  /** 0 for no-cost plans. */
  annualRatePercent: number;
  noCost: boolean;
  /** What the buyer pays each month (every month but possibly the last). */
  monthlyPaise: number;
  /** The last instalment: smaller by the rounding left over, so the total comes out exact. */
  lastMonthlyPaise: number;
  /** Sum of all instalments. */
  totalPaise: number;
  /** What the plan costs over the price (0 for no-cost plans). */
  interestPaise: number;
}

function assertPaise(amountPaise: number) {
  if (!Number.isInteger(amountPaise) || amountPaise < 0)
    throw new TypeError(`Amount must be a whole, non-negative number of paise, got ${amountPaise}`);
}

/**
 * The monthly instalment of a loan on the reducing balance, before rounding to the paisa:
 * EMI = P × r × (1 + r)^n / ((1 + r)^n − 1), with r the monthly rate.
 */
export function emiExact(principalPaise: number, annualRatePercent: number, months: number): number {
  if (annualRatePercent === 0) return principalPaise / months;
  const r = annualRatePercent / 12 / 100;
  const growth = (1 + r) ** months;
  return (principalPaise * r * growth) / (growth - 1);
}

/** One plan for an amount and a tenure. */
export function emiPlan(amountPaise: number, months: EmiTenure): EmiPlan {
  assertPaise(amountPaise);
  const noCost = EMI_NO_COST_TENURES.includes(months) && amountPaise > EMI_NO_COST_ABOVE_PAISE;
  const annualRatePercent = noCost ? 0 : EMI_ANNUAL_RATE_PERCENT;
  if (noCost) {
    // The price split into equal months, rounded up; the last month takes what is left.
    const monthlyPaise = Math.ceil(amountPaise / months);
    const lastMonthlyPaise = amountPaise - monthlyPaise * (months - 1);
    return { months, annualRatePercent, noCost, monthlyPaise, lastMonthlyPaise, totalPaise: amountPaise, interestPaise: 0 };
  }
  const monthlyPaise = Math.round(emiExact(amountPaise, annualRatePercent, months));
  const totalPaise = monthlyPaise * months;
  return {
    months,
    annualRatePercent,
    noCost,
    monthlyPaise,
    lastMonthlyPaise: monthlyPaise,
    totalPaise,
    interestPaise: totalPaise - amountPaise,
  };
}

/** Every tenure offered for an amount, shortest first; empty when the amount is too small for EMI. */
export function emiPlans(amountPaise: number): EmiPlan[] {
  assertPaise(amountPaise);
  if (amountPaise < EMI_MIN_AMOUNT_PAISE) return [];
  return EMI_TENURES.map((months) => emiPlan(amountPaise, months));
}

/** The plan with the smallest monthly instalment ("EMI from ₹X/month"), or null when EMI is not offered. */
export function lowestEmi(amountPaise: number): EmiPlan | null {
  const plans = emiPlans(amountPaise);
  return plans.reduce<EmiPlan | null>((best, plan) => (best === null || plan.monthlyPaise < best.monthlyPaise ? plan : best), null);
}

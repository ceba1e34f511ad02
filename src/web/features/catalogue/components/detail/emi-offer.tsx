import { ChevronDown } from 'lucide-react';
import { EMI_ANNUAL_RATE_PERCENT, EMI_NO_COST_ABOVE_PAISE, emiPlans } from '~/shared/emi';
import { formatPaise } from '~/shared/money';

/** "EMI from ₹X/month", opening to the table of tenures (the same plans checkout offers). */
export function EmiOffer({ pricePaise }: { pricePaise: number }) {
  const plans = emiPlans(pricePaise);
  if (plans.length === 0) return null;
  const lowest = plans.reduce((best, plan) => (plan.monthlyPaise < best.monthlyPaise ? plan : best));
  const noCost = plans.filter((p) => p.noCost);

  return (
    <details className="group rounded-lg border border-slate-200 bg-white text-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-3 py-2.5 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span>
          EMI from <strong className="text-slate-900">{formatPaise(lowest.monthlyPaise)}/month</strong>
          {noCost.length > 0 && <span className="ml-2 font-semibold text-emerald-800">No-cost EMI available</span>}
        </span>
        <span className="inline-flex shrink-0 items-center gap-1 font-semibold text-brand-700">
          EMI plans
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </span>
      </summary>
      <div className="border-t border-slate-200 px-3 py-3">
        <table className="w-full text-left">
          <caption className="mb-2 text-left text-xs text-slate-600">
            EMI plans on {formatPaise(pricePaise)} with credit cards of major banks
          </caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Tenure
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Per month
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Interest
              </th>
              <th scope="col" className="py-1 font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.months} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 pr-2 font-medium text-slate-900">
                  {plan.months} months
                </th>
                <td className="py-1.5 pr-2">{formatPaise(plan.monthlyPaise)}</td>
                <td className="py-1.5 pr-2">
                  {plan.noCost ? (
                    <span className="font-semibold text-emerald-800">No cost</span>
                  ) : (
                    `${formatPaise(plan.interestPaise)} (${plan.annualRatePercent}% p.a.)`
                  )}
                </td>
                <td className="py-1.5">{formatPaise(plan.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-600">
          {pricePaise > EMI_NO_COST_ABOVE_PAISE
            ? `No-cost EMI on 3 and 6 months: the interest comes off as a discount, so you pay the price and nothing more. Longer tenures carry ${EMI_ANNUAL_RATE_PERCENT}% interest a year.`
            : `EMI carries ${EMI_ANNUAL_RATE_PERCENT}% interest a year; no-cost EMI starts above ${formatPaise(EMI_NO_COST_ABOVE_PAISE)}.`}{' '}
          Choose EMI when you pay at checkout.
        </p>
      </div>
    </details>
  );
}

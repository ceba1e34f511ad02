import type { EmiTenure } from '~/shared/emi';
import { formatPaise } from '~/shared/money';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { Badge } from '~/web/components/ui/badge';

type EmiPlan = QuoteResponse['emiPlans'][number];

/** The EMI tenures of this order as a table; the customer picks one with the radio in its row. */
export function EmiTable({
  plans,
  value,
  onChange,
  error,
}: {
  plans: EmiPlan[];
  value: number | undefined;
  onChange: (months: EmiTenure) => void;
  error?: string | null;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'emi-error' : undefined}>
      <legend className="text-sm font-medium text-slate-800">Choose how many months</legend>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">EMI plans for this order</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Choose</span>
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Tenure
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Monthly
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Interest
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {plans.map((plan) => {
              const id = `emi-${plan.months}`;
              return (
                <tr key={plan.months} className={plan.months === value ? 'bg-brand-50' : undefined}>
                  <td className="px-3 py-2">
                    <input
                      id={id}
                      type="radio"
                      name="emi-tenure"
                      value={plan.months}
                      checked={plan.months === value}
                      onChange={() => onChange(plan.months as EmiTenure)}
                      aria-label={`${plan.months} months at ${formatPaise(plan.monthlyPaise)} a month${plan.noCost ? ', no-cost EMI' : ''}`}
                      className="size-4"
                    />
                  </td>
                  <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                    <label htmlFor={id} className="flex flex-wrap items-center gap-2">
                      {plan.months} months
                      {plan.noCost && <Badge tone="success">No-cost</Badge>}
                    </label>
                  </th>
                  <td className="px-3 py-2 text-right">{formatPaise(plan.monthlyPaise)}</td>
                  <td className="px-3 py-2 text-right">
                    {plan.interestPaise === 0 ? 'None' : `${formatPaise(plan.interestPaise)} (${plan.annualRatePercent}% a year)`}
                  </td>
                  <td className="px-3 py-2 text-right">{formatPaise(plan.totalPaise)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error && (
        <p id="emi-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CATEGORIES } from '~/shared/constants';
import type { VendorCommissionPlan } from '~/shared/schemas/payouts';
import { Button } from '~/web/components/ui/button';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { commissionPlansQueryOptions, commissionRatesQueryOptions } from '../api/admin-payouts-queries';
import { CommissionPlanDialog } from './commission-plan-dialog';
import { percent } from './payout-figures';

function PlanRow({ plan, categoryRates }: { plan: VendorCommissionPlan; categoryRates: Map<string, number> }) {
  const [open, setOpen] = useState(false);
  const own = new Map(plan.rates.map((r) => [r.category, r.rateBp]));
  return (
    <tr data-testid="commission-plan-row" className="border-t border-slate-200">
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
        {plan.vendorName}
      </th>
      {CATEGORIES.map((c) => (
        <td key={c} className="px-3 py-2 text-right tabular-nums">
          {own.has(c) ? (
            <span className="font-semibold text-slate-900">{percent(own.get(c)!)}</span>
          ) : (
            <span className="text-slate-600">{percent(categoryRates.get(c) ?? 0)} (category)</span>
          )}
        </td>
      ))}
      <td className="px-3 py-2 text-right">
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Set commission plan: ${plan.vendorName}`}>
          Set commission plan
        </Button>
        {open && <CommissionPlanDialog plan={plan} categoryRates={categoryRates} open={open} onOpenChange={setOpen} />}
      </td>
    </tr>
  );
}

/**
 * Vendors' commission plans: with `vendorId` (the user page links here with ?vendor=), that vendor's
 * plan, set or not; otherwise every vendor that has one.
 */
export function CommissionPlansSection({ vendorId }: { vendorId?: string }) {
  const plans = useQuery(commissionPlansQueryOptions(vendorId));
  const rates = useQuery(commissionRatesQueryOptions());
  const categoryRates = new Map((rates.data?.rates ?? []).map((r) => [r.category, r.rateBp]));
  return (
    <section aria-labelledby="commission-plans-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="commission-plans-heading" className="text-lg font-semibold text-slate-900">
        {vendorId ? "This seller's commission plan" : 'Commission plans'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A seller's own rate for a category replaces the category's rate on its lines delivered afterwards. Open a seller from the payouts
        list to set one.
      </p>
      <div className="mt-4">
        {plans.isPending || rates.isPending ? (
          <ListSkeleton rows={2} label="Loading commission plans" />
        ) : plans.isError || rates.isError ? (
          <ErrorState
            title="Commission plans could not be loaded"
            error={plans.error ?? rates.error}
            onRetry={() => void Promise.all([plans.refetch(), rates.refetch()])}
          />
        ) : plans.data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            {vendorId ? 'This seller was not found.' : 'No seller has a plan of its own: every seller is charged the category rates.'}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">Commission plans by seller</caption>
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="px-3 py-2 font-medium">
                    Seller
                  </th>
                  {CATEGORIES.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-right font-medium">
                      {c}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {plans.data.items.map((plan) => (
                  <PlanRow key={plan.vendorId} plan={plan} categoryRates={categoryRates} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

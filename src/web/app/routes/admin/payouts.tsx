import { z } from 'zod';
import { PAYOUT_STATUS_LABELS, PAYOUT_STATUSES, adminPayoutsQuerySchema, type PayoutStatus } from '~/shared/schemas/payouts';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { AdminPayoutsList } from '~/web/features/admin-payouts/components/admin-payouts-list';
import { CommissionPlansSection } from '~/web/features/admin-payouts/components/commission-plans';
import { CommissionRatesSection } from '~/web/features/admin-payouts/components/commission-rates-form';
import { PayoutActions } from '~/web/features/admin-payouts/components/payout-actions';
import { recentWeeks, weekLabel } from '~/web/features/admin-payouts/components/payout-figures';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The page's list state: the server's query, with the vendor as `?vendor=` (the user page links here with it). */
const payoutsPageSchema = adminPayoutsQuerySchema.omit({ vendorId: true }).extend({ vendor: z.string().trim().min(1).max(64).optional() });

const SUNDAY = 6 * 86_400_000;

export default function AdminPayoutsPage() {
  useDocumentTitle('Vendor payouts');
  const { state, set, reset } = useUrlListState(payoutsPageSchema);
  const { vendor, ...rest } = state;
  const filter = { ...rest, vendorId: vendor };
  const weeks = recentWeeks(12);
  const weekLabels = Object.fromEntries(
    weeks.map((w) => [w, weekLabel({ periodStart: w, periodEnd: new Date(Date.parse(w) + SUNDAY).toISOString().slice(0, 10) })]),
  );
  return (
    <div className="space-y-8">
      <div>
        <PageHeader
          title="Vendor payouts"
          description="The weekly settlements of what each seller is owed: run the settlement, download the bank-upload file, and record each transfer with its bank reference."
          actions={<PayoutActions filter={filter} />}
        />
        {vendor && (
          <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            Showing one seller&apos;s payouts.
            <button type="button" className="font-medium text-brand-700 underline" onClick={() => set({ vendor: undefined })}>
              Show every seller
            </button>
          </p>
        )}
        <ListFilters
          label="Filter payouts"
          search={{ label: 'Seller name', value: state.q, onSearch: (q) => set({ q }), placeholder: 'Pune Tech Hub' }}
        >
          <FilterSelect<PayoutStatus>
            label="Status"
            value={state.status}
            values={PAYOUT_STATUSES}
            labels={PAYOUT_STATUS_LABELS}
            placeholder="All payouts"
            onChange={(status) => set({ status })}
          />
          <FilterSelect<string>
            label="Week"
            value={state.week && weeks.includes(state.week) ? state.week : undefined}
            values={weeks}
            labels={weekLabels}
            placeholder="All weeks"
            onChange={(week) => set({ week })}
          />
        </ListFilters>
        <AdminPayoutsList filter={filter} onPageChange={(page) => set({ page })} onClearFilters={reset} />
      </div>
      <CommissionPlansSection vendorId={vendor} />
      <CommissionRatesSection />
    </div>
  );
}

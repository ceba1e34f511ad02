import { LEDGER_STATE_LABELS, LEDGER_STATES, type LedgerQuery, type LedgerState } from '~/shared/schemas/payouts';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { TextField } from '~/web/components/ui/form-fields';
import { useVendorPayouts } from '../api/payouts-queries';
import { DeductionsExplained } from './deductions-explained';
import { LedgerTable } from './ledger-table';
import { PayoutsSummary } from './payouts-summary';
import { PayoutsTable } from './payouts-table';
import { currentMonth } from './payout-format';
import { StatementDownload } from './statement-download';

/**
 * The vendor's money at a glance: its three totals, its weekly payouts, the deductions and their law,
 * the statements. `noBankAccount`: the profile has none, so nothing is said to go to "your bank account".
 */
export function PayoutsOverview({ noBankAccount = false }: { noBankAccount?: boolean }) {
  const payouts = useVendorPayouts();
  return (
    <div className="space-y-6">
      <PayoutsSummary query={payouts} noBankAccount={noBankAccount} />
      <PayoutsTable query={payouts} />
      <StatementDownload />
      {payouts.data && <DeductionsExplained rates={payouts.data.rates} />}
    </div>
  );
}

interface LedgerSectionProps {
  state: LedgerQuery;
  set: (changes: Partial<LedgerQuery>) => void;
  reset: () => void;
  filtered: boolean;
}

/** The ledger with its filters (month, state, order number), all kept in the URL. */
export function LedgerSection({ state, set, reset, filtered }: LedgerSectionProps) {
  return (
    <section aria-labelledby="ledger-heading" className="space-y-3">
      <h2 id="ledger-heading" className="text-lg font-semibold text-slate-900">
        Ledger
      </h2>
      <p className="text-sm text-slate-700">
        The sale of a line is what the customer paid for it. When they used a shop coupon, each line of the order carries its share of the
        discount: you bear it, so the sale is less than your price by that share (shown under it), and the commission, TCS and TDS are
        worked out on what is left.
      </p>
      <ListFilters
        label="Filter the ledger"
        search={{ label: 'Order number', value: state.q, onSearch: (q) => set({ q }), placeholder: 'SC-100042' }}
      >
        <TextField
          label="Month delivered"
          type="month"
          className="w-48"
          min="2020-01"
          max={currentMonth()}
          value={state.month ?? ''}
          onChange={(e) => set({ month: e.target.value || undefined })}
        />
        <FilterSelect<LedgerState>
          label="State"
          value={state.state}
          values={LEDGER_STATES}
          labels={LEDGER_STATE_LABELS}
          placeholder="All states"
          onChange={(value) => set({ state: value })}
        />
      </ListFilters>
      <LedgerTable query={state} onChange={set} filtered={filtered} onClearFilters={reset} />
    </section>
  );
}

import { ledgerQuerySchema } from '~/shared/schemas/payouts';
import { PageHeader } from '~/web/components/ui/page-header';
import { LedgerSection, PayoutsOverview } from '~/web/features/payouts/components/vendor-payouts';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function VendorPayoutsPage() {
  useDocumentTitle('Your payouts');
  const { state, set, reset, filtered } = useUrlListState(ledgerQuerySchema);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Payouts"
        description="What you are owed for delivered orders after commission, GST on it, TCS and TDS, what has been paid, and every line behind it."
      />
      <PayoutsOverview />
      <LedgerSection state={state} set={set} reset={reset} filtered={filtered} />
    </div>
  );
}

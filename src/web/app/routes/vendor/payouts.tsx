import { useQuery } from '@tanstack/react-query';
import { ledgerQuerySchema } from '~/shared/schemas/payouts';
import { PageHeader } from '~/web/components/ui/page-header';
import { NoBankAccountNotice } from '~/web/features/payouts/components/no-bank-account-notice';
import { LedgerSection, PayoutsOverview } from '~/web/features/payouts/components/vendor-payouts';
import { vendorProfileQueryOptions } from '~/web/features/vendor-profile/api/vendor-profile';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function VendorPayoutsPage() {
  useDocumentTitle('Your payouts');
  const { state, set, reset, filtered } = useUrlListState(ledgerQuerySchema);
  // Payouts wait while the profile has no bank account (known once the profile has loaded).
  const profile = useQuery(vendorProfileQueryOptions);
  const noBankAccount = profile.data ? profile.data.profile.bankAccount === null : false;
  return (
    <div className="space-y-8">
      <PageHeader
        title="Payouts"
        description="What you are owed for delivered orders after commission, GST on it, TCS and TDS, what has been paid, and every line behind it."
      />
      {noBankAccount && <NoBankAccountNotice />}
      <PayoutsOverview noBankAccount={noBankAccount} />
      <LedgerSection state={state} set={set} reset={reset} filtered={filtered} />
    </div>
  );
}

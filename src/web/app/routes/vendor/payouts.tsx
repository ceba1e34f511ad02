import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { ledgerQuerySchema } from '~/shared/schemas/payouts';
import { Alert } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { LedgerSection, PayoutsOverview } from '~/web/features/payouts/components/vendor-payouts';
import { vendorProfileQueryOptions } from '~/web/features/vendor-profile/api/vendor-profile';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** Payouts wait while the profile has no bank account: the seller is told here, where the money is. */
function NoBankAccountNotice() {
  const profile = useQuery(vendorProfileQueryOptions);
  if (!profile.data || profile.data.profile.bankAccount) return null;
  return (
    <Alert tone="warning" title="Add a bank account to be paid">
      Your profile has no bank account, so payouts wait until you add one.{' '}
      <Link to={paths.vendor.profile} className="font-medium underline">
        Add it in your profile
      </Link>
    </Alert>
  );
}

export default function VendorPayoutsPage() {
  useDocumentTitle('Your payouts');
  const { state, set, reset, filtered } = useUrlListState(ledgerQuerySchema);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Payouts"
        description="What you are owed for delivered orders after commission, GST on it, TCS and TDS, what has been paid, and every line behind it."
      />
      <NoBankAccountNotice />
      <PayoutsOverview />
      <LedgerSection state={state} set={set} reset={reset} filtered={filtered} />
    </div>
  );
}

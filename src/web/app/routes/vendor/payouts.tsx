import { PageHeader } from '~/web/components/ui/page-header';
import { VendorPayoutsPanel } from '~/web/features/payouts/vendor-payouts';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function VendorPayoutsPage() {
  useDocumentTitle('Your payouts');
  return (
    <div>
      <PageHeader
        title="Payouts"
        description="What you are owed for delivered orders, after commission, TCS and TDS, and what has been paid."
      />
      <VendorPayoutsPanel />
    </div>
  );
}

import { Wallet } from 'lucide-react';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminPaymentsPage() {
  useDocumentTitle('Manage payments');
  return (
    <div>
      <PageHeader title="Manage payments" />
      <EmptyState icon={<Wallet />} title="No payments yet">
        No order has been paid for yet. Payments, refunds and vendor payouts are listed here once checkout is open.
      </EmptyState>
    </div>
  );
}

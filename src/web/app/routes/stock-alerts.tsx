import { PageHeader } from '~/web/components/ui/page-header';
import { StockAlertList } from '~/web/features/stock-alerts/components/stock-alert-list';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The customer's back-in-stock alerts at /account/alerts, with Stop (the router lets only customers in). */
export default function StockAlertsPage() {
  useDocumentTitle('Back-in-stock alerts');
  return (
    <div>
      <PageHeader
        title="Back-in-stock alerts"
        description="Products you asked us to e-mail you about once they are back in stock, newest first."
      />
      <StockAlertList />
    </div>
  );
}

import { PageHeader } from '~/web/components/ui/page-header';
import { MyQuotes } from '~/web/features/quotes/components/my-quotes';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The customer's quotes for quantity at /account/quotes (the router lets only customers in; decision 77). */
export default function QuotesPage() {
  useDocumentTitle('My quotes');
  return (
    <div>
      <PageHeader
        title="My quotes"
        description="Prices sellers offer you for quantities above a product's limit, newest first. Pay an answered quote before it expires."
      />
      <MyQuotes />
    </div>
  );
}

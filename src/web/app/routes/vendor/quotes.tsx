import { vendorPriceQuotesQuerySchema } from '~/shared/schemas/quotes';
import { PageHeader } from '~/web/components/ui/page-header';
import { VendorQuotes } from '~/web/features/vendor-quotes/components/vendor-quotes';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** `/vendor/quotes`: customers' requests for a price on a quantity (decision 77). */
export default function VendorQuotesPage() {
  useDocumentTitle('Quotes');
  const { state, set } = useUrlListState(vendorPriceQuotesQuerySchema);
  return (
    <div>
      <PageHeader
        title="Quotes"
        description="Customers asking for your price on more than a product's limit per order. Answer with a unit price (at most the MRP) valid for 1 to 30 days, or decline with a reason; the customer pays the quoted price once, while it is valid."
      />
      <VendorQuotes status={state.status} onStatus={(status) => set({ status })} />
    </div>
  );
}

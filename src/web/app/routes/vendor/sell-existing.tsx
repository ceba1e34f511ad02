import { PageHeader } from '~/web/components/ui/page-header';
import { SellExistingProduct } from '~/web/features/vendor-offers/components/sell-existing-product';
import { ListingGate } from '~/web/features/vendor/components/listing-gate';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** `/vendor/products/offers/new`: find a product of the catalogue and add an offer of it (decision 70). */
export default function VendorSellExistingPage() {
  useDocumentTitle('Sell an existing product');
  return (
    <div>
      <PageHeader
        title="Sell an existing product"
        description="Find a product another seller lists by its brand, model number or EAN, choose its configuration and add your price and stock: shoppers see your offer on its page."
      />
      <ListingGate>
        <SellExistingProduct />
      </ListingGate>
    </div>
  );
}

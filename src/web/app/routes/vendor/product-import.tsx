import { PageHeader } from '~/web/components/ui/page-header';
import { ProductImport } from '~/web/features/vendor-products/components/product-import';
import { ListingGate } from '~/web/features/vendor/components/listing-gate';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function VendorProductImportPage() {
  useDocumentTitle('Import products');
  return (
    <div>
      <PageHeader title="Import products" description="Add or update many products at once from a CSV file." />
      <ListingGate>
        <ProductImport />
      </ListingGate>
    </div>
  );
}

import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { PageHeader } from '~/web/components/ui/page-header';
import { ProductsTabs } from '~/web/features/vendor-offers/components/offer-parts';
import { VendorOffersTable } from '~/web/features/vendor-offers/components/vendor-offers-table';
import { NotSellingAlert, useNotSelling } from '~/web/features/vendor/components/listing-gate';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** `/vendor/products/offers`: the seller's offers of products other sellers listed, a tab of Products (decision 70). */
export default function VendorOffersPage() {
  useDocumentTitle('Your offers');
  const notSelling = useNotSelling();
  return (
    <div>
      <PageHeader
        title="Products"
        description="Products other sellers listed that you sell too, from their pages, at your price and stock."
        actions={<ButtonLink to={paths.vendor.sellExisting}>Sell an existing product</ButtonLink>}
      />
      <ProductsTabs />
      {notSelling && <NotSellingAlert {...notSelling} />}
      <VendorOffersTable locked={notSelling !== null} />
    </div>
  );
}

import { CATEGORIES, LOW_STOCK_THRESHOLD, PRODUCT_STATUSES, type Category, type ProductStatus } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { VENDOR_STOCK_FILTERS, vendorProductsQuerySchema, type VendorStockFilter } from '~/shared/schemas/catalogue';
import { ButtonLink } from '~/web/components/ui/button';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { PRODUCT_STATUS_LABELS } from '~/shared/constants';
import { NotSellingAlert, useNotSelling } from '~/web/features/vendor/components/listing-gate';
import { ProductsTabs } from '~/web/features/vendor-offers/components/offer-parts';
import { VendorProductsTable } from '~/web/features/vendor-products/components/vendor-products-table';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const CATEGORY_LABELS: Record<Category, string> = { Laptop: 'Laptops', Desktop: 'Desktops', Monitor: 'Monitors' };
const STOCK_LABELS: Record<VendorStockFilter, string> = {
  in: 'In stock',
  low: `Low (${LOW_STOCK_THRESHOLD} or fewer)`,
  out: 'Out of stock',
};

export default function VendorProductsPage() {
  useDocumentTitle('Your products');
  const { state, set, reset, filtered } = useUrlListState(vendorProductsQuerySchema);
  const notSelling = useNotSelling();
  return (
    <div>
      <PageHeader
        title="Products"
        description="Everything you sell through Sahyadri Computers, in every status, with price, stock and sales."
        actions={
          <>
            <ButtonLink variant="secondary" to={paths.vendorProduct('import')}>
              Import CSV
            </ButtonLink>
            <ButtonLink variant="secondary" to={paths.vendor.sellExisting}>
              Sell an existing product
            </ButtonLink>
            <ButtonLink to={paths.vendorProduct('new')}>Add product</ButtonLink>
          </>
        }
      />
      <ProductsTabs />
      <ListFilters label="Filter products" search={{ label: 'Name, brand or SKU', value: state.q, onSearch: (q) => set({ q }) }}>
        <FilterSelect<ProductStatus>
          label="Status"
          value={state.status}
          values={PRODUCT_STATUSES}
          labels={PRODUCT_STATUS_LABELS}
          placeholder="All statuses"
          onChange={(status) => set({ status })}
        />
        <FilterSelect<Category>
          label="Category"
          value={state.category}
          values={CATEGORIES}
          labels={CATEGORY_LABELS}
          placeholder="All categories"
          onChange={(category) => set({ category })}
        />
        <FilterSelect<VendorStockFilter>
          label="Stock"
          value={state.stock}
          values={VENDOR_STOCK_FILTERS}
          labels={STOCK_LABELS}
          placeholder="Any stock"
          onChange={(stock) => set({ stock })}
        />
      </ListFilters>
      {notSelling && <NotSellingAlert {...notSelling} />}
      <VendorProductsTable query={state} onChange={set} filtered={filtered} onClearFilters={reset} locked={notSelling !== null} />
    </div>
  );
}

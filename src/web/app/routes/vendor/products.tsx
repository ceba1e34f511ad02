import { CATEGORIES, PRODUCT_STATUSES, type Category, type ProductStatus } from '~/shared/constants';
import { vendorProductsQuerySchema } from '~/shared/schemas/catalogue';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { PRODUCT_STATUS_LABELS, VendorProductsTable } from '~/web/features/vendor/components/vendor-products-table';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const CATEGORY_LABELS: Record<Category, string> = { Laptop: 'Laptops', Desktop: 'Desktops', Monitor: 'Monitors' };

export default function VendorProductsPage() {
  useDocumentTitle('Your products');
  const { state, set, reset, filtered } = useUrlListState(vendorProductsQuerySchema);
  return (
    <div>
      <PageHeader
        title="Products"
        description="Everything you sell through Sahyadri Computers, in every status, with price, stock and sales."
      />
      <ListFilters label="Filter products" search={{ label: 'Name or brand', value: state.q, onSearch: (q) => set({ q }) }}>
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
      </ListFilters>
      <VendorProductsTable query={state} onChange={set} filtered={filtered} onClearFilters={reset} />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, Download, Tags } from 'lucide-react';
import { CATEGORIES, type Category } from '~/shared/constants';
import { paths } from '~/shared/paths';
import {
  ADMIN_PRODUCT_STATUS_FILTER_LABELS,
  ADMIN_PRODUCT_STATUS_FILTERS,
  adminProductsQuerySchema,
  type AdminProductStatusFilter,
} from '~/shared/schemas/catalogue-admin';
import { VENDOR_STOCK_FILTERS, type VendorStockFilter } from '~/shared/schemas/catalogue';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { ButtonLink, buttonClasses } from '~/web/components/ui/button';
import { PageHeader } from '~/web/components/ui/page-header';
import { orderSellersQueryOptions } from '~/web/features/admin-orders/api/admin-orders-queries';
import { SellerFilter } from '~/web/features/admin-orders/components/seller-filter';
import { productsSearch } from '~/web/features/admin-products/api/admin-products-queries';
import { reviewCountQueryOptions } from '~/web/features/admin-products/api/product-review';
import { AdminProductsList } from '~/web/features/admin-products/components/admin-products-list';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const CATEGORY_LABELS: Record<Category, string> = { Laptop: 'Laptops', Desktop: 'Desktops', Monitor: 'Monitors' };
const STOCK_LABELS: Record<VendorStockFilter, string> = { in: 'In stock', low: 'Low stock', out: 'Out of stock' };

export default function AdminProductsPage() {
  useDocumentTitle('Manage products');
  const { state, set, reset, filtered } = useUrlListState(adminProductsQuerySchema);
  const exportQs = productsSearch(state, false);
  // The same list as the Seller filter's (asked once): the table's caption names the seller chosen.
  const sellers = useQuery(orderSellersQueryOptions());
  const awaiting = useQuery(reviewCountQueryOptions()).data?.total;
  const seller = state.vendorId ? (sellers.data?.sellers.find((s) => s.id === state.vendorId)?.name ?? 'one seller') : undefined;
  return (
    <div>
      <PageHeader
        title="Manage products"
        description="Every seller's products. Open one to correct it with the seller's form; hide (with a reason the seller reads), restore or feature one or several at once."
        actions={
          <>
            <ButtonLink variant="secondary" to={paths.admin.productReview}>
              <ClipboardCheck aria-hidden="true" className="size-4" />
              Awaiting review
              {awaiting !== undefined && awaiting > 0 && (
                <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
                  {awaiting}
                  <span className="sr-only"> products</span>
                </span>
              )}
            </ButtonLink>
            <ButtonLink variant="secondary" to={paths.admin.brands}>
              <Tags aria-hidden="true" className="size-4" />
              Brands
            </ButtonLink>
            <a href={`/api/admin/products/export${exportQs}`} className={buttonClasses('secondary')} download>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          </>
        }
      />
      <ListFilters
        label="Filter products"
        search={{ label: 'Name, model or SKU', value: state.q, onSearch: (q) => set({ q }), placeholder: 'ThinkPad, 27GR75Q' }}
      >
        <FilterSelect<AdminProductStatusFilter>
          label="Status"
          value={state.status}
          values={ADMIN_PRODUCT_STATUS_FILTERS}
          labels={ADMIN_PRODUCT_STATUS_FILTER_LABELS}
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
        <SellerFilter value={state.vendorId} onChange={(vendorId) => set({ vendorId })} />
        <FilterSelect<VendorStockFilter>
          label="Stock"
          value={state.stock}
          values={VENDOR_STOCK_FILTERS}
          labels={STOCK_LABELS}
          placeholder="Any stock"
          onChange={(stock) => set({ stock })}
        />
      </ListFilters>
      <AdminProductsList
        filter={state}
        filtered={filtered}
        onPageChange={(page) => set({ page })}
        onSortChange={(sort) => set({ sort })}
        onClearFilters={reset}
        seller={seller}
      />
    </div>
  );
}

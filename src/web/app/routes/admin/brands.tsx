import { paths } from '~/shared/paths';
import { adminBrandsQuerySchema } from '~/shared/schemas/catalogue-admin';
import { ListFilters } from '~/web/components/data-table/list-filters';
import { ButtonLink } from '~/web/components/ui/button';
import { PageHeader } from '~/web/components/ui/page-header';
import { AdminBrandsList } from '~/web/features/admin-products/components/admin-brands-list';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** `/admin/products/brands`: the catalogue's brand names, kept clean by renaming or merging misspellings. */
export default function AdminBrandsPage() {
  useDocumentTitle('Brands · Manage products');
  const { state, set, reset } = useUrlListState(adminBrandsQuerySchema);
  return (
    <div>
      <PageHeader
        title="Brands"
        description="Every brand name sellers use, with how many products carry it. Rename a misspelt one, or merge it into the right one."
        actions={
          <ButtonLink variant="ghost" to={paths.admin.products}>
            All products
          </ButtonLink>
        }
      />
      <ListFilters
        label="Search brands"
        search={{ label: 'Brand name', value: state.q, onSearch: (q) => set({ q }), placeholder: 'Lenovo' }}
      />
      <AdminBrandsList q={state.q} onClearSearch={reset} />
    </div>
  );
}

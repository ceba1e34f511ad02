import { useQuery } from '@tanstack/react-query';
import { Package, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_STATUS_LABELS } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { AdminProduct } from '~/shared/schemas/catalogue-admin';
import { parseSort } from '~/shared/schemas/common';
import { DataTable, type DataTableColumn, type DataTableSort } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { ReasonDialog } from '~/web/components/ui/reason-dialog';
import { formatCount } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { adminProductsQueryOptions, useProductStep, type AdminProductsFilter } from '../api/admin-products-queries';

const STATUS_TONES = { draft: 'neutral', pending_review: 'warning', active: 'success', archived: 'neutral', hidden: 'danger' } as const;

/** Hide (asks for the reason the vendor reads) or restore; feature on the home page or take off. */
function ProductActions({ product }: { product: AdminProduct }) {
  const step = useProductStep();
  const [hiding, setHiding] = useState(false);
  const busy = (s: string) => step.isPending && step.variables?.step === s;
  const run = (s: 'restore' | 'feature' | 'unfeature', done: string) =>
    step.mutate({ step: s, ids: [product.id] }, { onSuccess: () => toast.success(done), onError: (e) => toast.error(e.message) });
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {product.status === 'hidden' ? (
        <Button
          size="sm"
          variant="secondary"
          loading={busy('restore')}
          aria-label={`Restore ${product.name}`}
          onClick={() => run('restore', `${product.name} is back as it was before it was hidden.`)}
        >
          Restore
        </Button>
      ) : (
        <Button size="sm" variant="secondary" aria-label={`Hide ${product.name}`} onClick={() => setHiding(true)}>
          Hide
        </Button>
      )}
      {product.featuredAt ? (
        <Button
          size="sm"
          variant="ghost"
          loading={busy('unfeature')}
          aria-label={`Unfeature ${product.name}`}
          onClick={() => run('unfeature', `${product.name} is no longer featured on the home page.`)}
        >
          Unfeature
        </Button>
      ) : (
        product.status === 'active' && (
          <Button
            size="sm"
            variant="ghost"
            loading={busy('feature')}
            aria-label={`Feature ${product.name}`}
            onClick={() => run('feature', `${product.name} is featured on the home page.`)}
          >
            Feature
          </Button>
        )
      )}
      <ReasonDialog
        open={hiding}
        onOpenChange={setHiding}
        title={`Hide ${product.name}?`}
        description="It leaves the shop at once (listings, search, its page and checkout). The vendor sees it as hidden with your reason and cannot put it back on sale; you can restore it."
        hint="The vendor reads this: say what to correct (at least 10 characters)."
        confirmLabel="Hide product"
        danger
        pending={busy('hide')}
        onConfirm={(reason) =>
          step
            .mutateAsync({ step: 'hide', ids: [product.id], reason })
            .then(() => toast.success(`${product.name} is hidden from the shop.`))
        }
      />
    </div>
  );
}

const columns: DataTableColumn<AdminProduct>[] = [
  {
    id: 'name',
    header: 'Product',
    sortable: true,
    rowHeader: true,
    cell: (p) => (
      <>
        {p.status === 'active' ? (
          <Link to={paths.product(p.id)} className="font-medium text-slate-900 underline-offset-2 hover:underline">
            {p.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{p.name}</span>
        )}
        <p className="text-xs text-slate-600">
          {p.brand} · {p.category}
          {p.sku ? ` · SKU ${p.sku}` : ''}
        </p>
      </>
    ),
  },
  { id: 'vendor', header: 'Seller', className: 'text-slate-700', cell: (p) => p.vendor.name },
  { id: 'price', header: 'Price', sortable: true, align: 'right', className: 'whitespace-nowrap', cell: (p) => formatPaise(p.pricePaise) },
  {
    id: 'stock',
    header: 'Stock',
    sortable: true,
    align: 'right',
    cell: (p) => (p.stock > 0 ? formatCount(p.stock) : <Badge tone="danger">Out of stock</Badge>),
  },
  { id: 'soldCount', header: 'Sold', sortable: true, descendingFirst: true, align: 'right', cell: (p) => formatCount(p.soldCount) },
  {
    id: 'status',
    header: 'Status',
    cell: (p) => (
      <>
        <Badge tone={STATUS_TONES[p.status]}>{PRODUCT_STATUS_LABELS[p.status]}</Badge>
        {p.featuredAt && (
          <Badge tone="brand" className="ml-1">
            <Star aria-hidden="true" className="mr-1 inline size-3" />
            Featured
          </Badge>
        )}
        {p.hiddenReason && <p className="mt-1 max-w-56 text-xs text-slate-600">Why: {p.hiddenReason}</p>}
      </>
    ),
  },
  { id: 'actions', header: 'Actions', align: 'right', cell: (p) => <ProductActions product={p} /> },
];

/** Every vendor's products for the filter in the address, newest change first by default. */
export function AdminProductsList({
  filter,
  filtered,
  onPageChange,
  onSortChange,
  onClearFilters,
}: {
  filter: AdminProductsFilter;
  filtered: boolean;
  onPageChange: (page: number) => void;
  onSortChange: (sort: NonNullable<AdminProductsFilter['sort']>) => void;
  onClearFilters: () => void;
}) {
  const products = useQuery(adminProductsQueryOptions(filter));
  const sort: DataTableSort = parseSort(filter.sort ?? '-updatedAt');
  return (
    <DataTable<AdminProduct>
      caption={`Products of every seller${products.data ? ` (${formatCount(products.data.total)})` : ''}`}
      columns={columns}
      rowKey={(p) => p.id}
      query={products}
      loadingLabel="Loading products"
      errorTitle="The products could not be loaded"
      empty={
        filtered ? (
          <EmptyState
            icon={<Package />}
            title="No products match"
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          >
            No product of any seller matches these filters.
          </EmptyState>
        ) : (
          <EmptyState icon={<Package />} title="No products yet">
            Sellers list products from their seller centre; they appear here as soon as they are saved.
          </EmptyState>
        )
      }
      sort={sort}
      onSortChange={(s) => onSortChange((s.descending ? `-${s.column}` : s.column) as NonNullable<AdminProductsFilter['sort']>)}
      onPageChange={onPageChange}
      paginationLabel="Product pages"
      minWidth="64rem"
    />
  );
}

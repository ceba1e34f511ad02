import { useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { HIDE_REASON_MIN, hideReasonSchema, type AdminProduct } from '~/shared/schemas/catalogue-admin';
import { parseSort } from '~/shared/schemas/common';
import { selectColumn, toggled } from '~/web/components/data-table/select-column';
import { DataTable, type DataTableColumn, type DataTableSort } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { ReasonDialog } from '~/web/components/ui/reason-dialog';
import { formatCount } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { adminProductsQueryOptions, useProductStep, type AdminProductsFilter } from '../api/admin-products-queries';
import { ProductStatusBadges } from './product-status-badges';
import { ProductsBulkBar } from './products-bulk-bar';

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
        // Only a product in the shop can be featured (the server refuses the others too).
        product.inShop && (
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
        hint={`The vendor reads this: say what to correct (at least ${HIDE_REASON_MIN} characters).`}
        schema={hideReasonSchema}
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
        <Link to={paths.adminProduct(p.id)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {p.name}
        </Link>
        <p className="text-xs text-slate-600">
          {p.brand} · {p.category}
          {p.sku ? ` · SKU ${p.sku}` : ''}
        </p>
        {p.inShop && (
          <Link to={paths.product(p.id)} className="text-xs text-slate-600 underline hover:text-brand-700">
            View in the shop<span className="sr-only">: {p.name}</span>
          </Link>
        )}
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
        {/* Each badge whole ("Pending review", never "Pend…"), Featured under it when the column is narrow. */}
        <div className="flex flex-wrap gap-1 whitespace-nowrap">
          <ProductStatusBadges status={p.status} featuredAt={p.featuredAt} sellerStatus={p.sellerStatus} />
        </div>
        {!p.inShop && p.status === 'active' && (
          <p className="mt-1 max-w-56 text-xs text-slate-600">Listed by the seller; out of the shop until the seller is approved again.</p>
        )}
        {p.hiddenReason && <p className="mt-1 max-w-56 text-xs text-slate-600">Why: {p.hiddenReason}</p>}
      </>
    ),
  },
  { id: 'actions', rowActions: true, header: 'Actions', align: 'right', cell: (p) => <ProductActions product={p} /> },
];

/** "Select all on this page": checked when every row is, mixed when some are. */
function SelectAll({ checked, mixed, count, onChange }: { checked: boolean; mixed: boolean; count: number; onChange: () => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="inline-flex items-center gap-2 text-slate-700">
      <input ref={box} type="checkbox" className="size-4 rounded border-slate-300" checked={checked} onChange={onChange} />
      Select all {formatCount(count)} on this page
    </label>
  );
}

/**
 * Every vendor's products for the filter in the address, newest change first by default. Rows can be
 * chosen (one by one or the whole page) for the bulk bar; a new filter, sort or page starts afresh.
 */
export function AdminProductsList({
  filter,
  filtered,
  onPageChange,
  onSortChange,
  onClearFilters,
  seller,
}: {
  filter: AdminProductsFilter;
  filtered: boolean;
  /** Whose products the list holds when it is filtered to one seller (the caption names it). */
  seller?: string;
  onPageChange: (page: number) => void;
  onSortChange: (sort: NonNullable<AdminProductsFilter['sort']>) => void;
  onClearFilters: () => void;
}) {
  const products = useQuery(adminProductsQueryOptions(filter));
  const sort: DataTableSort = parseSort(filter.sort ?? '-updatedAt');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // Another page or filter is another list: what was chosen on the last one is let go.
  const listKey = JSON.stringify(filter);
  const [chosenFor, setChosenFor] = useState(listKey);
  if (chosenFor !== listKey) {
    setChosenFor(listKey);
    setChosen(new Set());
  }
  const items = products.data?.items ?? [];
  const selected = items.filter((p) => chosen.has(p.id));
  const allChosen = items.length > 0 && selected.length === items.length;
  const tableColumns = useMemo<DataTableColumn<AdminProduct>[]>(
    () => [selectColumn<AdminProduct>(chosen, (id) => setChosen((current) => toggled(current, id))), ...columns],
    [chosen],
  );
  return (
    <DataTable<AdminProduct>
      caption={`Products of ${seller ?? 'every seller'}${products.data ? ` (${formatCount(products.data.total)})` : ''}`}
      columns={tableColumns}
      rowKey={(p) => p.id}
      query={products}
      loadingLabel="Loading products"
      errorTitle="The products could not be loaded"
      header={
        items.length > 0 && (
          <div
            role="region"
            aria-label="Bulk actions"
            className="mb-3 flex min-h-12 flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 bg-white px-4 py-2 text-sm"
          >
            <SelectAll
              checked={allChosen}
              mixed={selected.length > 0 && !allChosen}
              count={items.length}
              onChange={() => setChosen(allChosen ? new Set() : new Set(items.map((p) => p.id)))}
            />
            <span aria-live="polite" className="font-medium text-slate-900">
              {selected.length > 0 ? `${formatCount(selected.length)} selected` : ''}
            </span>
            {selected.length > 0 && <ProductsBulkBar selected={selected} onDone={() => setChosen(new Set())} />}
          </div>
        )
      }
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
      // Narrow enough for a 1280 px laptop beside the sidebar: wider, the Actions column kept at the right hid the status.
      minWidth="56rem"
      phoneCards
    />
  );
}

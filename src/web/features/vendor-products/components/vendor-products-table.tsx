import { PackageOpen, Pencil } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LOW_STOCK_THRESHOLD } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { VendorProduct, VendorProductsQuery } from '~/shared/schemas/catalogue';
import { priceAboveMrpMessage, productPatchSchema } from '~/shared/schemas/vendor-products';
import { parseSort } from '~/shared/schemas/common';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { selectColumn, toggled } from '~/web/components/data-table/select-column';
import { ProductImage } from '~/web/components/product/product-image';
import { Badge } from '~/web/components/ui/badge';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { EmptyState } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatCount, formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useBulkStatus, usePatchProduct, useVendorProducts } from '../api/vendor-products';

function StockCell({ stock }: { stock: number }) {
  if (stock <= 0) return <Badge tone="danger">Out of stock</Badge>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="tabular-nums">{formatCount(stock)}</span>
      {stock <= LOW_STOCK_THRESHOLD && <Badge tone="warning">Low</Badge>}
    </span>
  );
}

/**
 * A figure of a product that changes in place: the value with a pencil button, then a small form
 * (Enter saves, Escape cancels). A price is checked against the MRP before it is sent; the server's
 * message shows under it when it refuses. Closing the form puts focus back on the pencil button,
 * where the vendor was, rather than on the page.
 */
function InlineEdit(props: { product: VendorProduct; field: 'price' | 'stock'; locked: boolean; children: React.ReactNode }) {
  const { product, field } = props;
  const patch = usePatchProduct();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const what = field === 'price' ? 'price' : 'stock';
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  }, [editing]);
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };
  const open = () => {
    setValue(field === 'price' ? String(product.pricePaise / 100) : String(product.stock));
    setError(null);
    setEditing(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = field === 'price' ? { id: product.id, price: value } : { id: product.id, stock: Number(value), stockWas: product.stock };
    if (field === 'stock' && !/^\d{1,6}$/.test(value.trim())) {
      setError('Stock must be a whole number, 0 or more');
      return;
    }
    if (field === 'price') {
      // The rules the server parses with; the MRP is the one this list shows (the server checks it again).
      const parsed = productPatchSchema.safeParse({ price: value });
      const pricePaise = parsed.success ? parsed.data.price! : null;
      if (pricePaise === null || pricePaise > product.mrpPaise) {
        setError(pricePaise === null ? (parsed.error?.issues[0]?.message ?? 'Enter a price') : priceAboveMrpMessage(product.mrpPaise));
        return;
      }
    }
    patch.mutate(body, {
      onSuccess: (saved) => {
        close();
        toast.success(
          field === 'price'
            ? `${saved.name}: price is now ${formatPaise(saved.pricePaise)}`
            : `${saved.name}: ${formatCount(saved.stock)} in stock`,
        );
      },
      onError: (e) => setError(isApiError(e) ? (e.fields[field] ?? e.message) : 'Could not save. Check your connection and try again.'),
    });
  };
  if (props.locked) return <span className="inline-flex items-center justify-end">{props.children}</span>;
  if (!editing) {
    return (
      <span className="inline-flex items-center justify-end gap-1">
        {props.children}
        <button
          ref={trigger}
          type="button"
          onClick={open}
          aria-label={`Change ${what} of ${product.name}`}
          className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-brand-700"
        >
          <Pencil aria-hidden="true" className="size-3.5" />
        </button>
      </span>
    );
  }
  return (
    // Escape cancels from anywhere in the editor: the price box, Save or Cancel.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      onSubmit={save}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        close();
      }}
      className="flex flex-col items-end gap-1"
    >
      <span className="flex items-center gap-1">
        {field === 'price' && <span aria-hidden="true">₹</span>}
        <input
          // The field opens because the vendor asked for it: focus goes there.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          inputMode={field === 'price' ? 'decimal' : 'numeric'}
          aria-label={`New ${what} of ${product.name}`}
          aria-invalid={error ? true : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-32 rounded-md border border-slate-300 px-2 py-1 text-right text-sm tabular-nums"
        />
      </span>
      <span className="flex gap-1">
        <Button type="submit" size="sm" loading={patch.isPending}>
          Save
        </Button>
        <Button size="sm" variant="secondary" onClick={close}>
          Cancel
        </Button>
      </span>
      {error && (
        <span role="alert" className="max-w-48 text-left text-xs text-red-700">
          {error}
        </span>
      )}
    </form>
  );
}

/**
 * The list's columns. While the vendor may not sell (`locked`), its products are out of the shop and
 * cannot change: a product it has on sale reads "Out of the shop", with no link to a page that is
 * gone and no pencils for changes the server would refuse.
 */
const columnsFor = (locked: boolean): DataTableColumn<VendorProduct>[] => [
  {
    id: 'picture',
    header: 'Picture',
    className: 'w-20',
    cell: (p) => <ProductImage image={p.image} sizes="64px" maxWidth={160} alt="" className="size-16 rounded-md bg-white" />,
  },
  {
    id: 'name',
    header: 'Product',
    sortable: true,
    rowHeader: true,
    cell: (p) => (
      <>
        <Link to={paths.vendorProduct(p.id)} className="font-medium text-brand-700 hover:underline">
          {p.name}
        </Link>
        <p className="text-slate-600">
          {p.brand} · {p.category}
          {p.sku && <> · SKU {p.sku}</>}
        </p>
        {p.status === 'active' && !locked && (
          <Link to={paths.product(p.id)} className="text-xs text-slate-600 underline hover:text-brand-700">
            View in the shop
          </Link>
        )}
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (p) => (
      <>
        {locked && p.status === 'active' ? <Badge tone="danger">Out of the shop</Badge> : <StatusBadge of="product" status={p.status} />}
        {p.image === null && (
          // On sale without one, shoppers see a grey box in its place: the seller should know.
          <p className="mt-1">
            <Badge tone={p.status === 'active' && !locked ? 'warning' : 'neutral'}>No picture</Badge>
          </p>
        )}
        {p.status === 'hidden' && p.hiddenReason && <p className="mt-1 max-w-60 text-xs text-red-800">Reason: {p.hiddenReason}</p>}
        {p.status === 'pending_review' && <p className="mt-1 max-w-60 text-xs text-slate-700">Goes on sale once the shop approves it.</p>}
        {p.status === 'draft' && p.rejectionReason && (
          <p className="mt-1 max-w-60 text-xs text-red-800">Sent back by the shop: {p.rejectionReason}</p>
        )}
      </>
    ),
  },
  {
    id: 'price',
    header: 'Price',
    sortable: true,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (p) => (
      <>
        <InlineEdit product={p} field="price" locked={locked}>
          <span className="font-medium text-slate-900">{formatPaise(p.pricePaise)}</span>
        </InlineEdit>
        {p.mrpPaise > p.pricePaise && (
          <p className="text-xs text-slate-600">
            MRP <s>{formatPaise(p.mrpPaise)}</s>
          </p>
        )}
      </>
    ),
  },
  {
    id: 'stock',
    header: 'Stock',
    sortable: true,
    align: 'right',
    cell: (p) => (
      <InlineEdit product={p} field="stock" locked={locked}>
        <StockCell stock={p.stock} />
      </InlineEdit>
    ),
  },
  { id: 'sold', header: 'Sold', align: 'right', className: 'tabular-nums', cell: (p) => formatCount(p.soldCount) },
  {
    id: 'rating',
    header: 'Rating',
    className: 'whitespace-nowrap',
    cell: (p) =>
      p.ratingCount > 0 ? (
        // Read as words, not as "4.5 black star".
        <>
          <span aria-hidden="true">{`${p.ratingAvg.toFixed(1)} ★ (${formatCount(p.ratingCount)})`}</span>
          <span className="sr-only">{`Rated ${p.ratingAvg.toFixed(1)} out of 5 by ${formatCount(p.ratingCount)} ${p.ratingCount === 1 ? 'customer' : 'customers'}`}</span>
        </>
      ) : (
        <span className="text-slate-500">No reviews</span>
      ),
  },
  {
    id: 'updatedAt',
    header: 'Updated',
    sortable: true,
    descendingFirst: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (p) => formatDate(p.updatedAt),
  },
];

interface VendorProductsTableProps {
  query: VendorProductsQuery;
  onChange: (changes: Partial<VendorProductsQuery>) => void;
  filtered: boolean;
  onClearFilters: () => void;
  /** The vendor may not sell: its products are out of the shop and the list only shows them. */
  locked?: boolean;
}

/** Archive (after asking: the products leave the shop) or put on sale the chosen products of this page. */
function BulkBar({ selected, onDone }: { selected: VendorProduct[]; onDone: () => void }) {
  const bulk = useBulkStatus();
  const [confirmArchive, setConfirmArchive] = useState(false);
  const count = `${formatCount(selected.length)} product${selected.length === 1 ? '' : 's'}`;
  const withoutPicture = selected.filter((p) => p.image === null).length;
  const run = (status: 'active' | 'archived') =>
    bulk.mutateAsync({ ids: selected.map((p) => p.id), status }).then(({ updated }) => {
      toast.success(`${formatCount(updated)} product${updated === 1 ? '' : 's'} ${status === 'active' ? 'put on sale' : 'archived'}`);
      onDone();
    });
  const putOnSale = () =>
    run('active').catch((e: unknown) => toast.error(isApiError(e) ? e.message : 'Could not change the products. Try again.'));
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-4 py-2 text-sm"
    >
      <span aria-live="polite">
        {formatCount(selected.length)} selected
        {withoutPicture > 0 &&
          `, ${formatCount(withoutPicture)} without a picture: on sale, shoppers see a grey box for ${withoutPicture === 1 ? 'it' : 'them'}`}
      </span>
      <Button
        size="sm"
        variant="secondary"
        loading={bulk.isPending && bulk.variables?.status === 'active'}
        onClick={() => void putOnSale()}
      >
        Put on sale
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setConfirmArchive(true)}>
        Archive
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={confirmArchive}
        onClose={() => setConfirmArchive(false)}
        title={`Archive ${count}?`}
        description="Archived products leave the shop at once: shoppers can no longer find or buy them. Orders already placed are not affected, and you can put them on sale again later."
        confirmLabel={`Archive ${count}`}
        pending={bulk.isPending}
        onConfirm={() => run('archived')}
      />
    </div>
  );
}

/** The vendor's own products, in every status, on the DataTable: choose rows for bulk actions, change price and stock in place. */
export function VendorProductsTable({ query, onChange, filtered, onClearFilters, locked = false }: VendorProductsTableProps) {
  const products = useVendorProducts(query);
  const sort = useMemo(() => parseSort(query.sort), [query.sort]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const items = products.data?.items ?? [];
  const selected = items.filter((p) => chosen.has(p.id));
  const allChosen = items.length > 0 && selected.length === items.length;
  const columns = useMemo<DataTableColumn<VendorProduct>[]>(
    () =>
      locked
        ? columnsFor(true)
        : [selectColumn<VendorProduct>(chosen, (id) => setChosen((current) => toggled(current, id))), ...columnsFor(false)],
    [chosen, locked],
  );
  return (
    <>
      {items.length > 0 && !locked && (
        <div className="mb-2 flex items-center gap-2 text-sm">
          <label className="inline-flex items-center gap-2 text-slate-700">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300"
              checked={allChosen}
              onChange={() => setChosen(allChosen ? new Set() : new Set(items.map((p) => p.id)))}
            />
            Select all on this page
          </label>
        </div>
      )}
      {selected.length > 0 && !locked && <BulkBar selected={selected} onDone={() => setChosen(new Set())} />}
      <DataTable<VendorProduct>
        caption={`Your products${products.data ? ` (${products.data.total} in all)` : ''}`}
        columns={columns}
        rowKey={(p) => p.id}
        query={products}
        loadingLabel="Loading your products"
        errorTitle="Your products could not be loaded"
        empty={
          filtered ? (
            <EmptyState
              icon={<PackageOpen />}
              title="No products match"
              action={
                <Button variant="secondary" onClick={onClearFilters}>
                  Clear filters
                </Button>
              }
            >
              None of your products has this status, category, stock or name.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<PackageOpen />}
              title="No products yet"
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <ButtonLink variant="secondary" to={paths.vendor.sellExisting}>
                    Sell an existing product
                  </ButtonLink>
                  <ButtonLink to={paths.vendorProduct('new')}>Add your first product</ButtonLink>
                </div>
              }
            >
              Products you list through Sahyadri Computers appear here, whatever their status. A product another seller lists already is
              sold from its page: search the catalogue for it first.
            </EmptyState>
          )
        }
        sort={sort}
        onSortChange={(s) => onChange({ sort: (s.descending ? `-${s.column}` : s.column) as VendorProductsQuery['sort'] })}
        onPageChange={(page) => onChange({ page })}
        paginationLabel="Product pages"
        minWidth="64rem"
        phoneCards
      />
    </>
  );
}

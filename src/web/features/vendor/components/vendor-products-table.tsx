import { PackageOpen } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LOW_STOCK_THRESHOLD, type ProductStatus } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { VendorProduct, VendorProductsQuery } from '~/shared/schemas/catalogue';
import { parseSort } from '~/shared/schemas/common';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { ProductImage } from '~/web/components/product/product-image';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount, formatDate } from '~/web/lib/format';
import { useVendorProducts } from '../api/vendor-lists';

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  pending_review: 'Under review',
  active: 'On sale',
  archived: 'Archived',
};
const PRODUCT_STATUS_TONES = { draft: 'neutral', pending_review: 'warning', active: 'success', archived: 'neutral' } as const;

function StockCell({ stock }: { stock: number }) {
  if (stock <= 0) return <Badge tone="danger">Out of stock</Badge>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="tabular-nums">{formatCount(stock)}</span>
      {stock <= LOW_STOCK_THRESHOLD && <Badge tone="warning">Low</Badge>}
    </span>
  );
}

const COLUMNS: DataTableColumn<VendorProduct>[] = [
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
        {p.status === 'active' ? (
          <Link to={paths.product(p.id)} className="font-medium text-brand-700 hover:underline">
            {p.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{p.name}</span>
        )}
        <p className="text-slate-600">
          {p.brand} · {p.category}
        </p>
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (p) => <Badge tone={PRODUCT_STATUS_TONES[p.status]}>{PRODUCT_STATUS_LABELS[p.status]}</Badge> },
  {
    id: 'price',
    header: 'Price',
    sortable: true,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (p) => (
      <>
        <p className="font-medium text-slate-900">{formatPaise(p.pricePaise)}</p>
        {p.mrpPaise > p.pricePaise && (
          <p className="text-xs text-slate-500">
            MRP <s>{formatPaise(p.mrpPaise)}</s>
          </p>
        )}
      </>
    ),
  },
  { id: 'stock', header: 'Stock', sortable: true, align: 'right', cell: (p) => <StockCell stock={p.stock} /> },
  { id: 'sold', header: 'Sold', align: 'right', className: 'tabular-nums', cell: (p) => formatCount(p.soldCount) },
  {
    id: 'rating',
    header: 'Rating',
    className: 'whitespace-nowrap',
    cell: (p) =>
      p.ratingCount > 0 ? (
        `${p.ratingAvg.toFixed(1)} ★ (${formatCount(p.ratingCount)})`
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
}

/** The vendor's own products, in every status, on the DataTable. */
export function VendorProductsTable({ query, onChange, filtered, onClearFilters }: VendorProductsTableProps) {
  const products = useVendorProducts(query);
  const sort = useMemo(() => parseSort(query.sort), [query.sort]);
  return (
    <DataTable<VendorProduct>
      caption={`Your products${products.data ? ` (${products.data.total} in all)` : ''}`}
      columns={COLUMNS}
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
            None of your products has this status, category or name.
          </EmptyState>
        ) : (
          <EmptyState icon={<PackageOpen />} title="No products yet">
            Products you sell through Sahyadri Computers appear here, whatever their status.
          </EmptyState>
        )
      }
      sort={sort}
      onSortChange={(s) => onChange({ sort: (s.descending ? `-${s.column}` : s.column) as VendorProductsQuery['sort'] })}
      onPageChange={(page) => onChange({ page })}
      paginationLabel="Product pages"
      minWidth="60rem"
    />
  );
}

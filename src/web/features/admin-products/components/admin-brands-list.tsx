import { useQuery } from '@tanstack/react-query';
import { Tags } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import type { AdminBrand, AdminBrandsResponse } from '~/shared/schemas/catalogue-admin';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount } from '~/web/lib/format';
import { adminBrandsQueryOptions } from '../api/admin-brands';
import { RenameBrandDialog } from './rename-brand-dialog';

/** Two spellings of one brand usually differ only in capitals, spaces or punctuation. */
const brandKey = (brand: string) => brand.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The brand list as the DataTable takes a list: one page holding every brand that matches. */
const asPage = (data: AdminBrandsResponse) => ({
  items: data.items,
  total: data.items.length,
  page: 1,
  pageSize: Math.max(1, data.items.length),
});

/**
 * The catalogue's brand names (containing the search text), with how many products carry each and
 * how many of them are on sale. Names that look like the same brand are pointed out; each can be
 * renamed, or merged into another.
 */
export function AdminBrandsList({ q, onClearSearch }: { q: string | undefined; onClearSearch: () => void }) {
  const brands = useQuery({ ...adminBrandsQueryOptions(q), select: asPage });
  const [renaming, setRenaming] = useState<AdminBrand | null>(null);
  const columns = useMemo<DataTableColumn<AdminBrand>[]>(() => {
    const byKey = new Map<string, string[]>();
    for (const b of brands.data?.items ?? []) byKey.set(brandKey(b.brand), [...(byKey.get(brandKey(b.brand)) ?? []), b.brand]);
    return [
      {
        id: 'brand',
        header: 'Brand',
        rowHeader: true,
        cell: (b) => {
          const alike = (byKey.get(brandKey(b.brand)) ?? []).filter((other) => other !== b.brand);
          return (
            <>
              <span className="font-medium text-slate-900">{b.brand}</span>
              {alike.length > 0 && <p className="text-xs text-amber-800">Looks like {alike.join(', ')}</p>}
            </>
          );
        },
      },
      {
        id: 'count',
        header: 'Products',
        align: 'right',
        cell: (b) => (
          <Link
            to={`${paths.admin.products}?${new URLSearchParams({ brand: b.brand }).toString()}`}
            aria-label={`${formatCount(b.count)} product${b.count === 1 ? '' : 's'} of ${b.brand}`}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {formatCount(b.count)}
          </Link>
        ),
      },
      { id: 'activeCount', header: 'On sale', align: 'right', cell: (b) => formatCount(b.activeCount) },
      {
        id: 'actions',
        header: 'Actions',
        align: 'right',
        cell: (b) => (
          <Button size="sm" variant="secondary" aria-label={`Rename or merge ${b.brand}`} onClick={() => setRenaming(b)}>
            Rename or merge
          </Button>
        ),
      },
    ];
  }, [brands.data]);
  return (
    <>
      <DataTable<AdminBrand>
        caption={`Brands${brands.data ? ` (${formatCount(brands.data.total)})` : ''}`}
        columns={columns}
        rowKey={(b) => b.brand}
        query={brands}
        loadingLabel="Loading brands"
        errorTitle="The brands could not be loaded"
        empty={
          q ? (
            <EmptyState
              icon={<Tags />}
              title="No brand matches"
              action={
                <Button variant="secondary" onClick={onClearSearch}>
                  Clear search
                </Button>
              }
            >
              No brand name contains “{q}”.
            </EmptyState>
          ) : (
            <EmptyState icon={<Tags />} title="No brands yet">
              Brands appear here as soon as sellers list products.
            </EmptyState>
          )
        }
        onPageChange={() => undefined}
        paginationLabel="Brand pages"
        minWidth="36rem"
      />
      <RenameBrandDialog brand={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}

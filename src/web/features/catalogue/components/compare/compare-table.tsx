import { ShoppingCart, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CompareResponse, ProductCard } from '~/shared/schemas/catalogue';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { cardAddress, CardPrice } from '../product-card';
import { ProductImage } from '~/web/components/product/product-image';
import { RatingStars } from '../rating-stars';
import { StockBadge } from '../stock-badge';

interface CompareTableProps {
  data: CompareResponse;
  onRemove: (productId: string) => void;
  onAddToCart: (product: ProductCard) => void;
}

type Row = CompareResponse['rows'][number];

function groupRows(rows: readonly Row[]): { group: string; rows: Row[] }[] {
  const groups: { group: string; rows: Row[] }[] = [];
  for (const row of rows) {
    // Grouped by name in order of first appearance: a group may come back later in the list.
    const existing = groups.find((g) => g.group === row.group);
    if (existing) existing.rows.push(row);
    else groups.push({ group: row.group, rows: [row] });
  }
  return groups;
}

/** The answer limited to the given products, in their order (for the moment between removing a column and the new answer). */
export function keepColumns(data: CompareResponse, ids: readonly string[]): CompareResponse {
  const columns = ids.map((id) => data.products.findIndex((p) => p.id === id)).filter((i) => i >= 0);
  if (columns.length === data.products.length && columns.every((c, i) => c === i)) return data;
  return {
    ...data,
    products: columns.map((i) => data.products[i]!),
    rows: data.rows.map((row) => ({ ...row, values: columns.map((i) => row.values[i] ?? null) })),
  };
}

const stickyCell = 'sticky left-0 z-10 w-28 min-w-28 border-r border-slate-200 sm:w-48 sm:min-w-48';

/**
 * Products side by side: one column each (picture, name, price, Add to cart, Remove), then the
 * specification rows from the API. Rows where the products differ are highlighted, and can be
 * shown alone. On a phone the table scrolls sideways with the row names kept in view.
 */
export function CompareTable({ data, onRemove, onAddToCart }: CompareTableProps) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const captionId = useId();
  const differing = data.rows.filter((r) => r.differs).length;
  const groups = groupRows(onlyDifferences ? data.rows.filter((r) => r.differs) : data.rows);
  const kind = CATEGORY_LABELS[data.category].toLowerCase();
  const columns = data.products.length;

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={onlyDifferences}
            onChange={(e) => setOnlyDifferences(e.target.checked)}
          />
          Show only differences
        </label>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm border-l-4 border-amber-500 bg-amber-50" />
          {differing === 0
            ? 'These products have the same specifications.'
            : `${differing} ${differing === 1 ? 'row differs' : 'rows differ'}, highlighted.`}
        </p>
      </div>

      <div role="region" aria-labelledby={captionId} className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption id={captionId} className="sr-only">
            Comparison of {columns} {kind}
          </caption>
          <thead>
            <tr>
              <td className={cn(stickyCell, 'bg-white p-3 align-bottom text-xs text-slate-600')}>
                {columns} {kind}
              </td>
              {data.products.map((product, i) => (
                <th
                  key={product.id}
                  scope="col"
                  className="min-w-44 border-b border-slate-200 p-3 text-left align-top font-normal sm:min-w-56"
                >
                  <div className="flex h-full flex-col gap-2">
                    <div className="flex justify-end">
                      <button
                        type="button"
                        onClick={() => onRemove(product.id)}
                        className="rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                        aria-label={`Remove ${product.name} from the comparison`}
                      >
                        <X aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                    <div className="mx-auto w-32 overflow-hidden rounded-lg bg-slate-50 sm:w-40">
                      <ProductImage image={product.image} priority={i < 2} sizes="160px" maxWidth={320} alt="" />
                    </div>
                    <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{product.brand}</p>
                    <Link to={cardAddress(product)} className="line-clamp-3 font-semibold text-slate-900 hover:underline">
                      {product.name}
                    </Link>
                    <CardPrice product={product} />
                    <div className="flex flex-wrap items-center gap-2">
                      <RatingStars average={product.ratingAvg} count={product.ratingCount} />
                      <StockBadge status={product.stockStatus} stock={product.stock} />
                    </div>
                    {product.configurations ? (
                      // Bought in one of its configurations, which the shopper picks on its page.
                      <ButtonLink size="sm" variant="secondary" className="mt-auto" to={cardAddress(product)}>
                        Choose a configuration
                        <span className="sr-only">{`: ${product.name}`}</span>
                      </ButtonLink>
                    ) : (
                      <Button
                        size="sm"
                        className="mt-auto"
                        disabled={product.stockStatus === 'out_of_stock'}
                        onClick={() => onAddToCart(product)}
                      >
                        <ShoppingCart aria-hidden="true" className="size-4" />
                        {product.stockStatus === 'out_of_stock' ? 'Out of stock' : 'Add to cart'}
                        <span className="sr-only">{`: ${product.name}`}</span>
                      </Button>
                    )}
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          {groups.map(({ group, rows }) => (
            <tbody key={group}>
              <tr>
                <th scope="rowgroup" colSpan={columns + 1} className="border-b border-slate-200 bg-slate-100 p-0 text-left">
                  <span className="sticky left-0 inline-block px-3 py-2 text-xs font-bold tracking-wide text-slate-700 uppercase">
                    {group}
                  </span>
                </th>
              </tr>
              {rows.map((row) => (
                <tr key={`${row.group}/${row.label}`} data-differs={row.differs} className={row.differs ? 'bg-amber-50' : 'bg-white'}>
                  <th
                    scope="row"
                    className={cn(
                      stickyCell,
                      'border-b p-3 text-left align-top font-medium text-slate-700',
                      row.differs ? 'border-l-4 border-l-amber-500 bg-amber-50' : 'border-l-4 border-l-transparent bg-white',
                    )}
                  >
                    {row.label}
                    {row.differs && <span className="sr-only">{' (differs)'}</span>}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={data.products[i]?.id ?? i} className="border-b border-slate-200 p-3 align-top text-slate-900">
                      {value ?? (
                        <>
                          <span aria-hidden="true" className="text-slate-500">
                            —
                          </span>
                          <span className="sr-only">Not stated</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {onlyDifferences && differing === 0 && (
        <p className="mt-3 text-sm text-slate-600">No specification differs between these products.</p>
      )}
    </div>
  );
}

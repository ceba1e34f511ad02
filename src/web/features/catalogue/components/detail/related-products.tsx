import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ProductCard as ProductCardData } from '~/shared/schemas/catalogue';
import { relatedQueryOptions } from '../../api/catalogue-queries';
import { CompareToggle } from '../compare/compare-toggle';
import { ProductCard, ProductCardSkeleton, ProductGrid } from '../product-card';

/** Controls under each card: a Compare toggle unless the page asks for others. */
export type CardActions = (product: ProductCardData) => ReactNode;
const compareAction: CardActions = (product) => <CompareToggle product={product} />;

/** A titled grid of product cards, each with a Compare toggle; nothing when there are none. */
export function ProductShelf({
  title,
  products,
  loading = false,
  id,
  actions = compareAction,
}: {
  title: string;
  products: readonly ProductCardData[] | undefined;
  loading?: boolean;
  id: string;
  actions?: CardActions;
}) {
  if (!loading && (!products || products.length === 0)) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {loading || !products ? (
        <div
          role="status"
          aria-label={`Loading ${title.toLowerCase()}`}
          className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4"
        >
          {[0, 1, 2, 3].map((i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <ProductGrid>
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} actions={actions(product)} />
            </li>
          ))}
        </ProductGrid>
      )}
    </section>
  );
}

/** Products like this one (same category, near in price), from the API. */
export function RelatedProducts({ productId }: { productId: string }) {
  const related = useQuery(relatedQueryOptions(productId));
  if (related.isError) return null;
  return <ProductShelf id="related-heading" title="Similar products" products={related.data?.slice(0, 8)} loading={related.isPending} />;
}

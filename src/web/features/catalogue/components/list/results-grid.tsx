import type { ProductCard as ProductCardData } from '~/shared/schemas/catalogue';
import { cn } from '~/web/components/ui/cn';
import { CompareToggle } from '../compare/compare-toggle';
import { ProductCard, ProductCardSkeleton, ProductGrid } from '../product-card';
import { WishlistButton } from '../wishlist/wishlist-button';

/** How many cards load their picture eagerly: the first row on a wide screen. */
const PRIORITY_CARDS = 4;

/** A page of product cards; dimmed and marked busy while the next page or filter loads over it. */
export function ResultsGrid({ items, stale }: { items: readonly ProductCardData[]; stale: boolean }) {
  return (
    <div aria-busy={stale || undefined} className={cn('transition-opacity duration-150', stale && 'opacity-60')}>
      <ProductGrid>
        {items.map((product, i) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              priority={i < PRIORITY_CARDS}
              actions={
                <>
                  <CompareToggle product={product} />
                  <WishlistButton product={product} className="ml-auto" />
                </>
              }
            />
          </li>
        ))}
      </ProductGrid>
    </div>
  );
}

export function ResultsSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading products">
      <ProductGrid>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ProductGrid>
    </div>
  );
}

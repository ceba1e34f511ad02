import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '~/shared/schemas/catalogue';
import { ProductCard, ProductCardSkeleton } from '../product-card';

interface ProductRowProps {
  /** Used for the heading's id: `${id}-heading`. */
  id: string;
  title: string;
  description?: string;
  /** Where "See all" goes; left out when there is no matching list. */
  seeAllTo?: string;
  products: readonly ProductCardData[] | undefined;
  loading: boolean;
  /** Controls under each card, e.g. the wishlist heart. */
  renderActions?: (product: ProductCardData) => ReactNode;
}

function scrollRow(list: HTMLElement | null, direction: 1 | -1) {
  if (!list) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  list.scrollBy({ left: direction * list.clientWidth * 0.8, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * A titled row of product cards that scrolls sideways (swipe on a phone; arrow buttons or
 * Tab through the cards on a computer). Renders nothing once loaded with no products.
 */
export function ProductRow({ id, title, description, seeAllTo, products, loading, renderActions }: ProductRowProps) {
  const listRef = useRef<HTMLUListElement>(null);
  if (!loading && (!products || products.length === 0)) return null;
  const headingId = `${id}-heading`;

  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        <div className="flex items-center gap-1">
          {!loading && (
            <div className="hidden gap-1 md:flex">
              <button
                type="button"
                onClick={() => scrollRow(listRef.current, -1)}
                className="rounded-full border border-slate-300 bg-white p-2 text-slate-700 hover:bg-slate-100"
                aria-label={`Scroll ${title} back`}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                onClick={() => scrollRow(listRef.current, 1)}
                className="rounded-full border border-slate-300 bg-white p-2 text-slate-700 hover:bg-slate-100"
                aria-label={`Scroll ${title} forward`}
              >
                <ChevronRight aria-hidden="true" className="size-4" />
              </button>
            </div>
          )}
          {seeAllTo && (
            <Link
              to={seeAllTo}
              aria-label={`See all ${title.toLowerCase()}`}
              className="ml-2 rounded-md px-2 py-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              See all
            </Link>
          )}
        </div>
      </div>

      {loading ? (
        <div role="status" aria-label={`Loading ${title.toLowerCase()}`} className="mt-4 flex gap-3 overflow-hidden sm:gap-4">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="product-row-item">
              <ProductCardSkeleton />
            </div>
          ))}
        </div>
      ) : (
        <ul ref={listRef} className="-mx-4 mt-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-3 sm:gap-4">
          {products!.map((product) => (
            <li key={product.id} className="product-row-item">
              <ProductCard product={product} actions={renderActions?.(product)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

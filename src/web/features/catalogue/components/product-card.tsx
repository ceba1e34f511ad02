import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { ProductCard as ProductCardData } from '~/shared/schemas/catalogue';
import { cn } from '~/web/components/ui/cn';
import { Price } from './price';
import { ProductImage } from '~/web/components/product/product-image';
import { RatingStars } from './rating-stars';
import { StockBadge } from './stock-badge';

interface ProductCardProps {
  product: ProductCardData;
  /** The first cards of a page load their image eagerly. */
  priority?: boolean;
  /** Extra controls under the card (compare checkbox, wishlist button). */
  actions?: ReactNode;
  /** Heading level of the name inside the list's outline. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/**
 * A product in a grid: picture, brand, name (the link), key specs, price with MRP and discount, rating, stock.
 * A product of several configurations shows "From ₹…" (the lowest in stock) and how many there are.
 */
export function ProductCard({ product, priority = false, actions, headingLevel: Heading = 'h3', className }: ProductCardProps) {
  return (
    <article className={cn('group product-card', className)}>
      <div className="product-card-media">
        <ProductImage
          image={product.image}
          priority={priority}
          sizes="(min-width: 1280px) 280px, (min-width: 768px) 30vw, 50vw"
          maxWidth={640}
          alt=""
        />
        {product.discountPercent > 0 && <span className="product-card-off">{product.discountPercent}% off</span>}
      </div>
      <p className="product-card-brand">{product.brand}</p>
      <Heading className="product-card-name">
        <Link to={cardAddress(product)} className="product-card-link">
          {product.name}
        </Link>
      </Heading>
      {product.keySpecs.length > 0 && (
        <ul className="product-card-specs" aria-label="Key specifications">
          {product.keySpecs.map((spec) => (
            <li key={spec}>{spec}</li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-3">
        <CardPrice product={product} />
        {product.configurations && <p className="text-xs text-slate-600">{product.configurations.count} configurations</p>}
        <div className="product-card-meta">
          <RatingStars average={product.ratingAvg} count={product.ratingCount} />
          <StockBadge status={product.stockStatus} stock={product.stock} />
        </div>
        {actions && <div className="product-card-actions">{actions}</div>}
      </div>
    </article>
  );
}

/** Placeholder cards while a list loads. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-3">
      <div className="mb-3 aspect-[4/3] animate-pulse rounded-lg bg-slate-200" />
      <div className="h-3 w-16 animate-pulse rounded bg-slate-200" />
      <div className="mt-2 h-4 w-full animate-pulse rounded bg-slate-200" />
      <div className="mt-1 h-4 w-2/3 animate-pulse rounded bg-slate-200" />
      <div className="mt-4 h-6 w-1/2 animate-pulse rounded bg-slate-200" />
    </div>
  );
}

/** The card's price: "From ₹…" for a product of several configurations, else the price with its MRP and discount. */
export function CardPrice({
  product,
}: {
  product: Pick<ProductCardData, 'pricePaise' | 'mrpPaise' | 'discountPercent' | 'configurations'>;
}) {
  return product.configurations?.fromPaise != null ? (
    <p className="price">
      <span className="text-sm text-slate-700">From </span>
      <span className="price-now">{formatPaise(product.configurations.fromPaise)}</span>
    </p>
  ) : (
    <Price pricePaise={product.pricePaise} mrpPaise={product.mrpPaise} discountPercent={product.discountPercent} />
  );
}

export function ProductGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <ul className={cn('grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 [&>li]:min-w-0', className)}>{children}</ul>;
}

/** The product's page, opening the configuration that passes the list's filters when there is one (16 GB). */
export function cardAddress(product: Pick<ProductCardData, 'id' | 'configurations'>): string {
  const variantId = product.configurations?.variantId;
  return variantId ? `${paths.product(product.id)}?variant=${encodeURIComponent(variantId)}` : paths.product(product.id);
}

import { Link, NavLink } from 'react-router';
import { paths } from '~/shared/paths';
import type { ProductImage as ProductImageData } from '~/shared/schemas/catalogue';
import { ProductImage } from '~/web/components/product/product-image';
import { cn } from '~/web/components/ui/cn';

/** "Screen size 27 inch · Colour Black"; a product of one configuration has none to name. */
export function configurationText(configuration: readonly { option: string; value: string }[]): string {
  return configuration.length ? configuration.map((c) => `${c.option} ${c.value}`).join(' · ') : 'One configuration';
}

/** "New", "Refurbished, grade A". */
export function conditionText(offer: { condition: 'new' | 'refurbished'; grade: string | null }): string {
  return offer.condition === 'new' ? 'New' : `Refurbished, grade ${offer.grade ?? '—'}`;
}

/** A catalogue product as the seller recognises it: its picture, brand, name, model number and category. */
export function MatchedProductHeading({
  product,
  level = 'h2',
  id,
  shopLink,
}: {
  product: { name: string; brand: string; model: string | null; category: string; image: ProductImageData | null };
  level?: 'h2' | 'h3';
  id?: string;
  /** Its page in the shop, to check it is the same product. */
  shopLink?: string;
}) {
  const Heading = level;
  return (
    <div className="flex items-start gap-4">
      <ProductImage image={product.image} sizes="96px" maxWidth={320} alt="" className="size-20 shrink-0 rounded-md bg-white sm:size-24" />
      <div className="min-w-0">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{product.brand}</p>
        <Heading id={id} className="font-semibold text-slate-900">
          {product.name}
        </Heading>
        <p className="text-sm text-slate-600">
          {product.model ? <>Model {product.model} · </> : null}
          {product.category}
        </p>
        {shopLink && (
          <Link to={shopLink} className="text-xs text-slate-600 underline hover:text-brand-700">
            View in the shop
          </Link>
        )}
      </div>
    </div>
  );
}

const tabClasses = (active: boolean) =>
  cn(
    'inline-block border-b-2 px-3 py-2 text-sm font-medium',
    active ? 'border-brand-600 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
  );

/**
 * The two lists of the seller centre's Products: the products the seller listed, and its offers of products
 * other sellers listed. Links (each list has its address); the one shown is the current page.
 */
export function ProductsTabs() {
  return (
    <nav aria-label="Your products and offers" className="mb-4 border-b border-slate-200">
      <ul className="flex gap-2">
        <li>
          <NavLink to={paths.vendor.products} end className={({ isActive }) => tabClasses(isActive)}>
            Your products
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.vendor.offers} end className={({ isActive }) => tabClasses(isActive)}>
            Your offers on other sellers&rsquo; products
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

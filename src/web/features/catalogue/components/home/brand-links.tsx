import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import type { HomeResponse } from '~/shared/schemas/catalogue';
import { formatCount } from '~/web/lib/format';

/** The brands on sale, most products first, each a link to its filtered list (`/products?brand=Dell`). */
export function BrandLinks({ brands }: { brands: HomeResponse['brands'] }) {
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="brands-heading">
      <h2 id="brands-heading" className="text-2xl font-bold text-slate-900">
        Shop by brand
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2 sm:gap-3">
        {brands.map(({ brand, count }) => (
          <li key={brand}>
            <Link
              to={`${paths.products}?${new URLSearchParams({ brand }).toString()}`}
              aria-label={`${brand} ${formatCount(count)} ${count === 1 ? 'product' : 'products'}`}
              className="brand-chip"
            >
              {brand} <span className="brand-chip-count">{formatCount(count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

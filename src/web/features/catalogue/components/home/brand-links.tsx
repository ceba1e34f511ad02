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
              className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white py-2 pr-2 pl-4 text-sm font-semibold text-slate-900 transition hover:border-brand-300 hover:bg-brand-50"
            >
              {brand} <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{formatCount(count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

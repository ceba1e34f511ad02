import { Laptop, Monitor, PcCase } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORIES, type Category } from '~/shared/constants';
import { formatRupees } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { HomeResponse } from '~/shared/schemas/catalogue';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { Skeleton } from '~/web/components/ui/feedback';
import { formatCount } from '~/web/lib/format';
import { ProductImage } from '~/web/components/product/product-image';

const CATEGORY_ICONS: Record<Category, typeof Laptop> = { Laptop, Desktop: PcCase, Monitor };
const CATEGORY_BLURBS: Record<Category, string> = {
  Laptop: 'Thin-and-light, business and gaming laptops',
  Desktop: 'Office towers, all-in-ones and custom builds',
  Monitor: 'Full HD to 4K, office, design and gaming panels',
};

type CategorySummary = HomeResponse['categories'][number];

/**
 * The three categories with how many products each has and the lowest price, pictured by
 * its best seller. The links work before (and without) the numbers.
 */
export function CategoryCards({ categories, loading }: { categories: readonly CategorySummary[] | undefined; loading: boolean }) {
  const byCategory = new Map(categories?.map((c) => [c.category, c]));
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="text-2xl font-bold text-slate-900">
        Shop by category
      </h2>
      <ul className="mt-5 grid gap-3 sm:grid-cols-3 sm:gap-4">
        {CATEGORIES.map((category) => {
          const summary = byCategory.get(category);
          const Icon = CATEGORY_ICONS[category];
          return (
            <li key={category}>
              <Link
                to={paths.category(category)}
                className="group flex h-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:border-brand-300 hover:shadow sm:flex-col sm:items-stretch sm:p-4"
              >
                <div className="flex aspect-[4/3] w-28 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-50 sm:w-full">
                  {summary?.image ? (
                    // The first pictures of the page: loaded at once, not lazily.
                    <ProductImage image={summary.image} priority alt="" maxWidth={640} sizes="(min-width: 640px) 30vw, 112px" />
                  ) : loading ? (
                    <Skeleton className="size-full" />
                  ) : (
                    <Icon aria-hidden="true" className="size-12 text-brand-600" />
                  )}
                </div>
                <span className="min-w-0">
                  <span className="block text-lg font-semibold text-slate-900 group-hover:underline">{CATEGORY_LABELS[category]}</span>
                  <span className="block text-sm text-slate-600">{CATEGORY_BLURBS[category]}</span>
                  <CategoryFacts summary={summary} loading={loading} />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CategoryFacts({ summary, loading }: { summary: CategorySummary | undefined; loading: boolean }) {
  if (loading) return <span aria-hidden="true" className="mt-2 block h-4 w-40 animate-pulse rounded bg-slate-200" />;
  if (!summary || summary.count === 0) return <span className="mt-1 block text-sm font-medium text-slate-700">No products listed yet</span>;
  return (
    <span className="mt-1 block text-sm font-medium text-slate-800">
      {formatCount(summary.count)} {summary.count === 1 ? 'product' : 'products'}
      {summary.fromPaise !== null && (
        <>
          {/* Whole rupees for a "from" price: ₹45,990 reads better here than ₹45,990.00. */}
          {' · '}from <span className="font-semibold text-brand-800">{formatRupees(Math.floor(summary.fromPaise / 100))}</span>
        </>
      )}
    </span>
  );
}

import { useQuery } from '@tanstack/react-query';
import { PackageSearch, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORIES } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { suggestQueryOptions } from '~/web/lib/search/suggest-query';
import { ProductImage } from '~/web/components/product/product-image';
import { productCountLabel } from './list-state';
import { POPULAR_SEARCHES } from '~/shared/catalogue';

const chipLink =
  'inline-flex items-center rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:bg-slate-100';

/** Links to every category and to searches that find something: the way out of an empty list. */
export function BrowseElsewhere({ headingLevel: Heading = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <div className="mt-6 grid gap-5 text-left sm:grid-cols-2">
      <div>
        <Heading className="text-sm font-semibold text-slate-900">Browse a category</Heading>
        <ul className="mt-2 flex flex-wrap gap-2">
          {CATEGORIES.map((c) => (
            <li key={c}>
              <Link to={paths.category(c)} className={chipLink}>
                {CATEGORY_LABELS[c]}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <Heading className="text-sm font-semibold text-slate-900">Popular searches</Heading>
        <ul className="mt-2 flex flex-wrap gap-2">
          {POPULAR_SEARCHES.map((term) => (
            <li key={term}>
              <Link to={paths.search(term)} className={chipLink}>
                {term}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Products and categories close to a search that found nothing (from the suggestions endpoint). */
function NearMatches({ q }: { q: string }) {
  const suggest = useQuery(suggestQueryOptions(q));
  const data = suggest.data;
  if (!data || (data.products.length === 0 && data.categories.length === 0)) return null;
  const near = data.correctedQuery;
  return (
    <div className="mt-6 text-left">
      <h3 className="text-sm font-semibold text-slate-900">{near ? `Close to “${near}”` : 'Close matches'}</h3>
      {data.categories.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {data.categories.map((c) => (
            <li key={c.category}>
              <Link to={`${paths.search(near ?? q)}&category=${c.category}`} className={chipLink}>
                {CATEGORY_LABELS[c.category]} ({productCountLabel(c.count)})
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data.products.length > 0 && (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {data.products.map((p) => (
            <li key={p.id}>
              <Link
                to={paths.product(p.id)}
                className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 hover:border-brand-300"
              >
                <span className="w-14 shrink-0">
                  <ProductImage image={p.image} sizes="56px" maxWidth={160} alt="" />
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">{p.name}</span>
                  <span className="block text-sm text-slate-700">{formatPaise(p.pricePaise)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface EmptyResultsProps {
  q: string;
  /** Filters are chosen: removing them is the first thing to try. */
  filtered: boolean;
  categoryLabel: string | null;
  onClearFilters: () => void;
}

/** An empty list that helps: clear the filters, near matches of the search, categories, popular searches. */
export function EmptyResults({ q, filtered, categoryLabel, onClearFilters }: EmptyResultsProps) {
  const where = categoryLabel ? ` in ${categoryLabel}` : '';
  const title = filtered
    ? `No products${where} match these filters`
    : q
      ? `No products${where} match “${q}”`
      : `Nothing is listed${where} right now`;
  return (
    <EmptyState
      icon={q ? <SearchX /> : <PackageSearch />}
      title={title}
      action={
        <div className="w-full max-w-2xl">
          {filtered && (
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={onClearFilters}>Clear all filters</Button>
            </div>
          )}
          {q && !filtered && <NearMatches q={q} />}
          <BrowseElsewhere />
        </div>
      }
    >
      {filtered
        ? 'Remove a filter above, or clear them all to see more products.'
        : q
          ? 'Check the spelling, or search by brand, model or specification, like “ThinkPad”, “16GB RAM” or “27 inch 4K”.'
          : 'Try another category, or ask us for a quote and an expert will reply.'}
      {!q && !filtered && (
        <p className="mt-3">
          <ButtonLink to={paths.contact} variant="secondary" size="sm">
            Ask us for a quote
          </ButtonLink>
        </p>
      )}
    </EmptyState>
  );
}

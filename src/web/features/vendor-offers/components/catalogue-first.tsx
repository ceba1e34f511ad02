import { useNavigate } from 'react-router';
import { paths } from '~/shared/paths';
import { CatalogueSearchForm } from './sell-existing-product';

/**
 * Above the form of a new product: search the catalogue first. A product another seller listed is sold
 * by adding an offer to it (one page per product, every seller's price on it), not by listing it again.
 */
export function CatalogueFirst() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="catalogue-first-heading" className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-6">
      <h2 id="catalogue-first-heading" className="text-lg font-semibold text-slate-900">
        Is it in our catalogue already?
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-700">
        Search by brand, model number or EAN first. If another seller lists it, add your offer to its page instead: shoppers find one page
        per product with every seller&rsquo;s price, and you need no description or pictures.
      </p>
      <CatalogueSearchForm
        initial=""
        label="Search the catalogue"
        onSearch={(q) => void navigate(`${paths.vendor.sellExisting}?q=${encodeURIComponent(q)}`)}
      />
    </section>
  );
}

import { PackageSearch, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { catalogueMatchQuerySchema } from '~/shared/schemas/vendor-offers';
import { Badge } from '~/web/components/ui/badge';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { formatCount } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useCatalogueMatch, useCreateOffer } from '../api/vendor-offers';
import { OfferForm, type MatchedProduct, type MatchedVariant } from './offer-form';
import { configurationText, MatchedProductHeading } from './offer-parts';

/** The most products one search finds (`matchCatalogue`). */
const MAX_MATCHES = 10;

/** The text searched for when it is one the server takes (2 to 100 characters), else null with why not. */
function checkedQuery(typed: string): { q: string; error: null } | { q: null; error: string } {
  const parsed = catalogueMatchQuerySchema.safeParse({ q: typed });
  return parsed.success
    ? { q: parsed.data.q, error: null }
    : { q: null, error: parsed.error.issues[0]?.message ?? 'Type a brand, model or EAN' };
}

/** The search box: brand, model number or EAN; a text too short is said under it and not sent. */
export function CatalogueSearchForm({
  initial,
  onSearch,
  label = 'Brand, model number or EAN',
}: {
  initial: string;
  onSearch: (q: string) => void;
  label?: string;
}) {
  const [typed, setTyped] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkedQuery(typed);
    setError(checked.error);
    if (checked.q !== null) onSearch(checked.q);
  };
  return (
    <form
      role="search"
      aria-label="Search the catalogue"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <TextField
        label={label}
        type="search"
        autoComplete="off"
        placeholder="e.g. Dell P2425H, 27GR75Q-B or 8806094795981"
        className="min-w-0 grow"
        value={typed}
        error={error ?? undefined}
        onChange={(e) => setTyped(e.target.value)}
      />
      <Button type="submit" className="sm:mt-7">
        <Search aria-hidden="true" className="size-4" />
        Search
      </Button>
    </form>
  );
}

function ConfigurationRow({ product, variant, onChoose }: { product: MatchedProduct; variant: MatchedVariant; onChoose: () => void }) {
  const text = configurationText(variant.configuration);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {text}
          {variant.offeredByYou && (
            <Badge tone="brand" className="ml-2">
              You offer it
            </Badge>
          )}
        </p>
        <p className="text-sm text-slate-700">
          MRP <span className="tabular-nums">{formatPaise(variant.mrpPaise)}</span>
          {' · '}
          {variant.fromPricePaise !== null ? (
            <>
              from <span className="tabular-nums">{formatPaise(variant.fromPricePaise)}</span> by {formatCount(variant.sellerCount)}{' '}
              {variant.sellerCount === 1 ? 'seller' : 'sellers'}
            </>
          ) : (
            'no seller has it in stock now'
          )}
          {variant.ean && <> · EAN {variant.ean}</>}
        </p>
      </div>
      <Button
        size="sm"
        variant={variant.offeredByYou ? 'secondary' : 'primary'}
        aria-label={`${variant.offeredByYou ? 'Add another offer' : 'Sell this'}: ${product.name}, ${text}`}
        onClick={onChoose}
      >
        {variant.offeredByYou ? 'Add another offer' : 'Sell this'}
      </Button>
    </li>
  );
}

function MatchedProductCard({ product, onChoose }: { product: MatchedProduct; onChoose: (variant: MatchedVariant) => void }) {
  const headingId = `match-${product.productId}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <MatchedProductHeading product={product} level="h3" id={headingId} shopLink={paths.product(product.productId)} />
        <h4 className="mt-4 text-sm font-semibold text-slate-800">
          {product.variants.length === 1 ? 'Its configuration' : `Its ${formatCount(product.variants.length)} configurations`}
        </h4>
        <ul className="divide-y divide-slate-100">
          {product.variants.map((variant) => (
            <ConfigurationRow key={variant.variantId} product={product} variant={variant} onChoose={() => onChoose(variant)} />
          ))}
        </ul>
      </article>
    </li>
  );
}

/**
 * Sell a product already in the catalogue (decision 70): the seller finds it by brand, model number or EAN,
 * sees each match with its picture and configurations (MRP, the lowest price now, its sellers, whether it
 * offers it already), chooses one and adds its price, stock and terms. The search and the choice are in the
 * address (`?q=`, `&variant=`), so Back returns to the results. Saved, the seller goes to its offers.
 */
export function SellExistingProduct() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = checkedQuery(params.get('q') ?? '').q ?? '';
  const variantId = params.get('variant');
  const match = useCatalogueMatch(q);
  const create = useCreateOffer();
  const items = q && !match.isPlaceholderData ? (match.data?.items ?? []) : [];
  const chosen = variantId
    ? items.flatMap((product) => product.variants.filter((v) => v.variantId === variantId).map((variant) => ({ product, variant })))[0]
    : undefined;

  if (chosen) {
    return (
      <OfferForm
        key={chosen.variant.variantId}
        product={chosen.product}
        variant={chosen.variant}
        onChooseAnother={() => setParams({ q })}
        onSubmit={async (input) => {
          const offer = await create.mutateAsync(input);
          toast.success(`Your offer of ${offer.productName} is on sale at ${formatPaise(offer.pricePaise)}`);
          await navigate(paths.vendor.offers);
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      <CatalogueSearchForm key={q} initial={q} onSearch={(next) => setParams({ q: next })} />
      {!q ? (
        <p className="text-sm text-slate-600">
          Type the brand and model number printed on the box (such as Dell P2425H) or its EAN barcode. Products you listed yourself are not
          shown here: change them under Your products.
        </p>
      ) : match.isError ? (
        <ErrorState title="The catalogue could not be searched" error={match.error} onRetry={() => void match.refetch()} />
      ) : match.isPending || match.isPlaceholderData ? (
        <ListSkeleton rows={3} label="Searching the catalogue" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<PackageSearch />}
          title={`No product in the catalogue matches “${q}”`}
          action={<ButtonLink to={paths.vendorProduct('new')}>List a new product</ButtonLink>}
        >
          Check the model number on the box, or try the brand alone or the EAN. If no other seller sells it yet, list it as a new product:
          shoppers will find it, and other sellers can add their offers to it.
        </EmptyState>
      ) : (
        <section aria-labelledby="matches-heading">
          <h2 id="matches-heading" className="mb-3 text-lg font-semibold text-slate-900" aria-live="polite">
            {items.length === 1 ? `1 product matches “${q}”` : `${formatCount(items.length)} products match “${q}”`}
          </h2>
          <ul className="space-y-4">
            {items.map((product) => (
              <MatchedProductCard
                key={product.productId}
                product={product}
                onChoose={(variant) => setParams({ q, variant: variant.variantId })}
              />
            ))}
          </ul>
          {items.length >= MAX_MATCHES && (
            <p className="mt-4 text-sm text-slate-600">
              These are the first {MAX_MATCHES} matches: type more of the model number, or the EAN, to find the one you sell.
            </p>
          )}
          <p className="mt-4 text-sm text-slate-600">
            Not the one?{' '}
            <ButtonLink variant="ghost" size="sm" to={paths.vendorProduct('new')}>
              List a new product
            </ButtonLink>
          </p>
        </section>
      )}
    </div>
  );
}

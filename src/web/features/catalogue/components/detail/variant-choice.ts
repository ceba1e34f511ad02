import { discountPercent } from '~/shared/catalogue';
import type { ProductDetail, ProductDetailResponse, ProductOption, ProductVariant, SpecRow } from '~/shared/schemas/catalogue';

/**
 * The configuration a product page shows (decision 70): the one `?variant=` names by id or slug, else the
 * one the server chose (the winner's), else the first.
 */
export function chooseVariant(page: ProductDetailResponse, wanted: string | null): ProductVariant | undefined {
  const named = wanted ? page.variants.find((v) => v.id === wanted || v.slug === wanted) : undefined;
  return named ?? page.variants.find((v) => v.id === page.selectedVariantId) ?? page.variants[0];
}

/** Whether the page is the one of before: one configuration, one seller, the product's own offer. */
export function isSingleOffer(page: ProductDetailResponse): boolean {
  const only = page.variants.length === 1 ? page.variants[0] : undefined;
  return page.variants.length === 0 || (only !== undefined && only.others.length === 0 && only.winner?.id === page.product.id);
}

/** The product's specification table with the configuration's own rows in their places. */
function withVariantSpecs(rows: readonly SpecRow[], own: readonly SpecRow[]): SpecRow[] {
  const key = (r: SpecRow) => `${r.group}\u0000${r.label}`;
  const mine = new Map(own.map((r) => [key(r), r]));
  const merged = rows.map((r) => mine.get(key(r)) ?? r);
  const present = new Set(rows.map(key));
  return [...merged, ...own.filter((r) => !present.has(key(r)))];
}

/**
 * The product as the page shows it for a configuration: its winning offer's price, stock, seller and
 * warranty, its MRP, pictures and specifications. A product of one configuration and one seller is shown
 * exactly as its answer gives it.
 */
export function shownProduct(page: ProductDetailResponse, variant: ProductVariant | undefined): ProductDetail {
  const { product } = page;
  if (!variant || isSingleOffer(page)) return product;
  const offer = variant.winner;
  const pricePaise = offer?.pricePaise ?? variant.mrpPaise;
  return {
    ...product,
    pricePaise,
    mrpPaise: variant.mrpPaise,
    discountPercent: discountPercent(pricePaise, variant.mrpPaise),
    stock: offer?.stock ?? 0,
    stockStatus: offer?.stockStatus ?? 'out_of_stock',
    vendor: offer?.seller ?? product.vendor,
    warranty: offer?.warranty ?? product.warranty,
    warrantyMonths: offer?.warrantyMonths ?? product.warrantyMonths,
    images: variant.images.length > 0 ? variant.images : product.images,
    specifications: withVariantSpecs(product.specifications, variant.specifications),
  };
}

/** What choosing `value` of `option` leads to from the configuration shown. */
export interface OptionChoice {
  value: string;
  /** The configuration it opens; undefined when it cannot be chosen. */
  target: ProductVariant | undefined;
  /** The values of other options that change with it (no configuration keeps them), e.g. ["1 TB SSD"]. */
  changes: string[];
  /** Why it cannot be chosen, when it cannot; null when it can. */
  unavailableReason: string | null;
}

/**
 * The choices of one option from the configuration shown, in the option's order. A value whose
 * configuration with the other options kept exists opens it, or cannot be chosen when that configuration
 * cannot be bought (with its reason); a value only made with other options opens the nearest such
 * configuration that can be bought.
 */
export function choicesOf(option: ProductOption, variants: readonly ProductVariant[], current: ProductVariant): OptionChoice[] {
  const others = Object.keys(current.options).filter((k) => k !== option.key);
  const kept = (v: ProductVariant) => others.filter((k) => v.options[k] === current.options[k]).length;
  return option.values.map((value) => {
    const having = variants.filter((v) => v.options[option.key] === value);
    const exact = having.find((v) => kept(v) === others.length);
    if (exact) {
      return exact.available
        ? { value, target: exact, changes: [], unavailableReason: null }
        : { value, target: undefined, changes: [], unavailableReason: exact.unavailableReason ?? 'Not available at the moment.' };
    }
    const nearest = having.filter((v) => v.available).sort((a, b) => kept(b) - kept(a))[0];
    if (!nearest) {
      return {
        value,
        target: undefined,
        changes: [],
        unavailableReason: having[0]?.unavailableReason ?? 'Not made in this configuration.',
      };
    }
    const changes = others.flatMap((k) => (nearest.options[k] !== current.options[k] && nearest.options[k] ? [nearest.options[k]] : []));
    return { value, target: nearest, changes, unavailableReason: null };
  });
}

import { z } from 'zod';
import { PIN_CODE_MESSAGE, PIN_CODE_PATTERN } from '../delivery';
import {
  LIST_FILTERS,
  MAX_COMPARE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  DEFAULT_PAGE_SIZE,
  PRODUCT_SORTS,
  type ListFilter,
} from '../catalogue';
import { CATEGORIES, PRODUCT_STATUSES } from '../constants';
import { pageQueryFields, paginatedSchema, sortQuerySchema } from './common';

// ---------- requests ----------

const listValues = (label: string, pattern: RegExp, example: string) =>
  z
    .string()
    .max(400, `${label}: too many values`)
    .transform((raw) =>
      raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(60).regex(pattern, `${label}: use values like ${example}`)).max(20, `${label}: at most 20 values`));

const rupees = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of rupees` })
    .int(`${label} must be whole rupees`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} must be at most ₹1,00,00,000`);

const filterShape = {
  brand: listValues('Brand', /^[\p{L}\p{N} &.'-]+$/u, 'Dell,HP'),
  ram: listValues('RAM', /^\d{1,4}$/, '8,16 (GB)'),
  storage: listValues('Storage', /^\d{1,5}$/, '512,1024 (GB)'),
  cpu: listValues('Processor', /^[\p{L}\p{N} .-]+$/u, 'Intel Core i5'),
  size: listValues('Screen size', /^\d{1,2}(\.\d)?$/, '15.6,27'),
  resolution: listValues('Resolution', /^[\p{L}\p{N} +.-]+$/u, 'Full HD,4K UHD'),
  panel: listValues('Panel type', /^[\p{L}\p{N} -]+$/u, 'IPS,VA'),
  refresh: listValues('Refresh rate', /^\d{2,3}$/, '144,165 (Hz)'),
} satisfies Record<ListFilter, z.ZodType>;

/** Filters and search shared by the list and facet endpoints. Unknown parameters are refused. */
const listFilterSchema = z.strictObject({
  q: z.string().trim().max(MAX_QUERY_LENGTH, `Search text must be at most ${MAX_QUERY_LENGTH} characters`).optional(),
  category: z.enum(CATEGORIES, { error: 'Category must be Laptop, Desktop or Monitor' }).optional(),
  ...Object.fromEntries(LIST_FILTERS.map((key) => [key, filterShape[key].optional()])),
  price_min: rupees('Minimum price').optional(),
  price_max: rupees('Maximum price').optional(),
  in_stock: z.enum(['true', 'false'], { error: 'in_stock must be true or false' }).optional(),
}) as unknown as z.ZodObject<
  {
    q: z.ZodOptional<z.ZodString>;
    category: z.ZodOptional<z.ZodEnum<{ Laptop: 'Laptop'; Desktop: 'Desktop'; Monitor: 'Monitor' }>>;
    price_min: z.ZodOptional<z.ZodCoercedNumber>;
    price_max: z.ZodOptional<z.ZodCoercedNumber>;
    in_stock: z.ZodOptional<z.ZodEnum<{ true: 'true'; false: 'false' }>>;
  } & { [K in ListFilter]: z.ZodOptional<(typeof filterShape)[K]> },
  z.core.$strict
>;

const priceOrder = <T extends { price_min?: number; price_max?: number }>(value: T, ctx: z.RefinementCtx) => {
  if (value.price_min !== undefined && value.price_max !== undefined && value.price_min > value.price_max) {
    ctx.addIssue({ code: 'custom', path: ['price_min'], message: 'Minimum price must not be above the maximum price' });
  }
};

export const productFacetsQuerySchema = listFilterSchema.superRefine(priceOrder);
export type ProductFacetsQuery = z.output<typeof productFacetsQuerySchema>;

export const productListQuerySchema = listFilterSchema
  .extend({
    sort: z.enum(PRODUCT_SORTS, { error: `Sort must be one of ${PRODUCT_SORTS.join(', ')}` }).default('relevance'),
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page starts at 1')
      .max(MAX_PAGE, `Page must be at most ${MAX_PAGE}`)
      .default(1),
    page_size: z.coerce
      .number({ error: 'Page size must be a number' })
      .int('Page size must be a whole number')
      .min(1, 'Page size must be at least 1')
      .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
  })
  .superRefine(priceOrder);
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const suggestQuerySchema = z.strictObject({
  q: z.string().trim().max(MAX_QUERY_LENGTH, `Search text must be at most ${MAX_QUERY_LENGTH} characters`).default(''),
});

const productIdSchema = z.string().regex(/^prd_[0-9A-Za-z]{1,40}$/, 'Not a product id');

export const productIdParamsSchema = z.strictObject({ id: z.string().max(60) });

/** `?variant=`: the configuration a product page opens with, by its id or its slug (decision 70). */
export const productDetailQuerySchema = z.strictObject({
  variant: z
    .string()
    .trim()
    .max(120)
    .regex(/^[0-9A-Za-z_-]+$/, 'Name a configuration by its id or slug')
    .optional(),
});
export type ProductDetailQuery = z.output<typeof productDetailQuerySchema>;

/** `ids=prd_a,prd_b`: distinct product ids, in the order given. */
function productIdList(maxChars: number, min: string, max: number, tooMany: string) {
  return z
    .string({ error: 'Give product ids as ids=prd_…,prd_…' })
    .max(maxChars)
    .transform((raw) => [
      ...new Set(
        raw
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(productIdSchema).min(1, min).max(max, tooMany));
}

export const productIdsQuerySchema = z.strictObject({
  ids: productIdList(1000, 'Give at least one product id', 24, 'At most 24 product ids'),
});

export const compareQuerySchema = z.strictObject({
  ids: productIdList(400, 'Choose at least one product to compare', MAX_COMPARE, `Compare at most ${MAX_COMPARE} products`),
});

export const reviewsQuerySchema = z.strictObject({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').max(MAX_PAGE).default(1),
});

export const deliveryEstimateQuerySchema = z.strictObject({
  pin: z.string({ error: 'Enter a PIN code' }).trim().regex(PIN_CODE_PATTERN, PIN_CODE_MESSAGE),
  productId: productIdSchema.optional(),
});

// ---------- responses (no transforms: they are encoded, not parsed) ----------

export const productImageSchema = z.object({
  id: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const stockStatusSchema = z.enum(['in_stock', 'low_stock', 'out_of_stock']);
export type StockStatus = z.infer<typeof stockStatusSchema>;

export const productCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.enum(CATEGORIES),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  discountPercent: z.number().int(),
  stock: z.number().int(),
  stockStatus: stockStatusSchema,
  ratingAvg: z.number(),
  ratingCount: z.number().int(),
  /** Three or four short specs for a card, e.g. ['Intel Core i5-1335U', '16 GB RAM', '512 GB SSD', '15.6 inch Full HD']. */
  keySpecs: z.array(z.string()),
  image: productImageSchema.nullable(),
  vendorName: z.string(),
  /**
   * A product of several configurations (decision 70): how many are sold and the lowest price an approved
   * seller asks for one in stock (null when none is); absent for a product of one configuration.
   */
  configurations: z
    .object({
      count: z.number().int(),
      fromPaise: z.number().int().nullable(),
      /** The configuration that passes the specifications a list is filtered by (16 GB): the card opens it. */
      variantId: z.string().optional(),
    })
    .optional(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productListResponseSchema = z.object({
  items: z.array(productCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** The words actually searched for when some were corrected ('thinkpda' -> 'thinkpad'), else null. */
  correctedQuery: z.string().nullable(),
  /** Popular searches to try when a search matched nothing (a query of only symbols matches nothing); else empty. */
  suggestions: z.array(z.string()),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

export const priceBucketSchema = z.object({
  /** Whole rupees; null means open-ended. */
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  label: z.string(),
  count: z.number().int(),
});
export type PriceBucket = z.infer<typeof priceBucketSchema>;

export const productFacetsResponseSchema = z.object({
  total: z.number().int(),
  /** Values of each filter with how many products would match if chosen (the filter's own selection left out). */
  facets: z.object(
    Object.fromEntries(LIST_FILTERS.map((k) => [k, z.array(facetValueSchema)])) as Record<ListFilter, z.ZodArray<typeof facetValueSchema>>,
  ),
  price: z.object({
    /** Lowest and highest price in rupees among matching products (null when none match). */
    min: z.number().int().nullable(),
    max: z.number().int().nullable(),
    buckets: z.array(priceBucketSchema),
  }),
  inStockCount: z.number().int(),
});
export type ProductFacetsResponse = z.infer<typeof productFacetsResponseSchema>;

export const specRowSchema = z.object({ group: z.string(), label: z.string(), value: z.string() });
export type SpecRow = z.infer<typeof specRowSchema>;

export const productDetailSchema = productCardSchema.extend({
  model: z.string().nullable(),
  description: z.string(),
  images: z.array(productImageSchema),
  vendor: z.object({ id: z.string(), name: z.string(), city: z.string() }),
  specifications: z.array(specRowSchema),
  warranty: z.string(),
  warrantyMonths: z.number().int(),
  hsnCode: z.string(),
  /** Counts of 1..5-star reviews, index 0 = one star. */
  ratingBreakdown: z.array(z.number().int()).length(5),
  /**
   * Where the model is made and who made or imported it (Legal Metrology; decision 73): null until its seller
   * states them ("Not stated by the seller"). `makerRole` is "Manufacturer" when made in India, else "Importer".
   */
  origin: z.object({
    country: z.string().nullable(),
    makerRole: z.enum(['Manufacturer', 'Importer']),
    makerName: z.string().nullable(),
    makerAddress: z.string().nullable(),
  }),
  /** How many one order may hold (decision 77): anyone, and a business buying with its GSTIN; more is a quote. */
  quantityLimits: z.object({ consumer: z.number().int(), business: z.number().int() }),
  status: z.enum(PRODUCT_STATUSES),
  createdAt: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * A seller as the product page discloses it (decision 73): legal name, registered address, customer-care phone
 * (+91) and e-mail, and its rating from its buyers' reviews of delivered orders (null, "New seller", under
 * `SELLER_RATING_MIN_REVIEWS` of them).
 */
export const sellerDetailsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  carePhone: z.string(),
  careEmail: z.string().nullable(),
  rating: z.object({ average: z.number(), reviews: z.number().int() }).nullable(),
});
export type SellerDetails = z.infer<typeof sellerDetailsSchema>;

/** One seller's offer of a configuration, as the product page shows it (decision 73). */
export const productOfferSchema = z.object({
  id: z.string(),
  seller: z.object({ id: z.string(), name: z.string(), city: z.string() }),
  pricePaise: z.number().int(),
  /** The price with its standard delivery charge: what the buy box compares. */
  deliveredPricePaise: z.number().int(),
  deliveryPaise: z.number().int(),
  dispatchDays: z.number().int(),
  stock: z.number().int(),
  stockStatus: stockStatusSchema,
  condition: z.enum(['new', 'refurbished']),
  /** A refurbished unit's grade (A, B or C); null for new. */
  grade: z.string().nullable(),
  warranty: z.string(),
  warrantyMonths: z.number().int(),
  /** The seller's share of lines dispatched on time over the last 90 days (0–1); null while there is no record. */
  sellerOnTime: z.number().nullable(),
  /** What the marketplace discloses of the seller (Consumer Protection (E-Commerce) Rules 2020, rule 6(5); decision 73). */
  sellerDetails: sellerDetailsSchema,
});
export type ProductOffer = z.infer<typeof productOfferSchema>;

/** One configuration of a product with its sellers' offers and the buy box (decision 70). */
export const productVariantSchema = z.object({
  id: z.string(),
  /** The option values that name it, by option key ({} for a product without options). */
  options: z.record(z.string(), z.string()),
  /** The option values joined for a URL ("32-gb-1-tb-ssd"); `?variant=` takes it as well as the id. */
  slug: z.string(),
  /** "32 GB · 1 TB SSD": the option values in the picker's order. */
  label: z.string(),
  sku: z.string().nullable(),
  mrpPaise: z.number().int(),
  /** Its specifications that differ between the product's configurations (the rest are the product's). */
  specifications: z.array(specRowSchema),
  /** Its own pictures; empty when it shows the product's. */
  images: z.array(productImageSchema),
  /** Whether some seller can sell it now; when not, why (in the customer's words). */
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  /** The buy box: the winning offer (null when none can be bought) and the other buyable offers in rank order. */
  winner: productOfferSchema.nullable(),
  others: z.array(productOfferSchema),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productOptionSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Its values in the order of the configurations. */
  values: z.array(z.string()),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

export const productDetailResponseSchema = z.object({
  product: productDetailSchema,
  /** The shop's return terms, every seller's ("Returnable within 7 days of delivery"; the admin's return window). */
  returnTerms: z.string(),
  /** The options the picker shows, in order (empty for a product of one configuration). */
  options: z.array(productOptionSchema),
  /** Its configurations on sale, in the seller's order. */
  variants: z.array(productVariantSchema),
  /** The configuration `?variant=` named, else the one whose offer wins the buy box (else the first). */
  selectedVariantId: z.string().nullable(),
});
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

export const productCardsResponseSchema = z.object({ items: z.array(productCardSchema) });
export type ProductCardsResponse = z.infer<typeof productCardsResponseSchema>;

export const suggestResponseSchema = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      brand: z.string(),
      category: z.enum(CATEGORIES),
      pricePaise: z.number().int(),
      image: productImageSchema.nullable(),
    }),
  ),
  /** Categories whose products match, with counts. */
  categories: z.array(z.object({ category: z.enum(CATEGORIES), count: z.number().int() })),
  correctedQuery: z.string().nullable(),
});
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsResponseSchema = z.object({
  items: z.array(reviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

export const compareResponseSchema = z.object({
  category: z.enum(CATEGORIES),
  products: z.array(productCardSchema),
  /** One row per specification; `values[i]` belongs to `products[i]`; `differs` when they are not all equal. */
  rows: z.array(z.object({ group: z.string(), label: z.string(), values: z.array(z.string().nullable()), differs: z.boolean() })),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

export const homeResponseSchema = z.object({
  categories: z.array(
    z.object({
      category: z.enum(CATEGORIES),
      count: z.number().int(),
      fromPaise: z.number().int().nullable(),
      image: productImageSchema.nullable(),
    }),
  ),
  /** Products the shop features (admin's choice), newest choice first; only those on sale. Shown first when any. */
  featured: z.array(productCardSchema),
  deals: z.array(productCardSchema),
  bestSellers: z.array(productCardSchema),
  newArrivals: z.array(productCardSchema),
  brands: z.array(z.object({ brand: z.string(), count: z.number().int() })),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;

export const deliveryEstimateResponseSchema = z.object({
  pinCode: z.string(),
  /** Where the PIN code is, as far as its first digits tell (e.g. 'Pune', 'Maharashtra', 'Delhi'). */
  region: z.string(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  /** ISO dates (yyyy-mm-dd) of the delivery window, counted in working days from today (IST). */
  earliest: z.string(),
  latest: z.string(),
  codAvailable: z.boolean(),
  inStock: z.boolean(),
  /** Whether a courier delivers there (decision 80): false says plainly the PIN is not served yet. */
  serviceable: z.boolean(),
  /** The days are the shop's table (no product asked, or the courier did not answer), not the courier's. */
  estimate: z.boolean(),
  message: z.string(),
});
export type DeliveryEstimate = z.infer<typeof deliveryEstimateResponseSchema>;

export const wishlistIdsResponseSchema = z.object({ productIds: z.array(z.string()) });

// ---------- the vendor's own products (seller centre) ----------

export const VENDOR_PRODUCT_SORTS = ['updatedAt', 'name', 'price', 'stock'] as const;
export const VENDOR_STOCK_FILTERS = ['in', 'low', 'out'] as const;
export type VendorStockFilter = (typeof VENDOR_STOCK_FILTERS)[number];

/** GET /api/vendor/products: the signed-in vendor's own products, any status. */
export const vendorProductsQuerySchema = z.strictObject({
  ...pageQueryFields,
  status: z.enum(PRODUCT_STATUSES, { error: `Status must be one of ${PRODUCT_STATUSES.join(', ')}` }).optional(),
  category: z.enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(', ')}` }).optional(),
  /** Stock: `in` more than the low-stock mark, `low` 1 to the mark, `out` none. */
  stock: z.enum(VENDOR_STOCK_FILTERS, { error: 'Stock must be in, low or out' }).optional(),
  /** Part of the name, brand or SKU. */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  sort: sortQuerySchema(VENDOR_PRODUCT_SORTS, '-updatedAt'),
});
export type VendorProductsQuery = z.output<typeof vendorProductsQuerySchema>;

export const vendorProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  sku: z.string().nullable(),
  category: z.enum(CATEGORIES),
  status: z.enum(PRODUCT_STATUSES),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  stock: z.number().int(),
  soldCount: z.number().int(),
  ratingAvg: z.number(),
  ratingCount: z.number().int(),
  image: productImageSchema.nullable(),
  /** Why the shop hid the product (status `hidden`), for the vendor to read; null otherwise. */
  hiddenReason: z.string().nullable(),
  /** Why the shop's review sent the product back to draft (decision 70); null when it did not. */
  rejectionReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type VendorProduct = z.infer<typeof vendorProductSchema>;

export const vendorProductsResponseSchema = paginatedSchema(vendorProductSchema);
export type VendorProductsResponse = z.infer<typeof vendorProductsResponseSchema>;

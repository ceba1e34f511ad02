import { z } from 'zod';
import { CATEGORIES, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, VENDOR_STATUSES } from '../constants';
import { productImageSchema, VENDOR_STOCK_FILTERS } from './catalogue';
import { inSentence, pageQueryFields, paginatedSchema, sortQuerySchema } from './common';
import { ownProductSchema } from './vendor-products';

/**
 * The admin console's products (Manage Products): every vendor's products, hidden with a reason the
 * vendor reads, featured on the home page, edited with the vendor's form, and the brands they carry.
 */

export const ADMIN_PRODUCT_SORTS = ['updatedAt', 'createdAt', 'name', 'price', 'stock', 'soldCount'] as const;
export const ADMIN_FEATURED_FILTERS = ['yes', 'no'] as const;

/**
 * The list's Status filter: a product status, where "On sale" (`active`) is what the shopper sees
 * (active, of an approved seller), or the products of a seller who may not sell (suspended; pending or
 * rejected), whatever their own status.
 */
export const ADMIN_PRODUCT_STATUS_FILTERS = [...PRODUCT_STATUSES, 'seller_suspended', 'seller_not_approved'] as const;
export type AdminProductStatusFilter = (typeof ADMIN_PRODUCT_STATUS_FILTERS)[number];
export const ADMIN_PRODUCT_STATUS_FILTER_LABELS: Record<AdminProductStatusFilter, string> = {
  ...PRODUCT_STATUS_LABELS,
  seller_suspended: 'Seller suspended',
  seller_not_approved: 'Seller not approved',
};

const rupees = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of rupees` })
    .int(`${label} must be whole rupees`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} must be at most ₹1,00,00,000`);

/** Filters of the list and of its CSV export (the export takes the same ones, without the page). */
const adminProductFilters = {
  /** Part of the name, model or SKU. */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  vendorId: z.string().trim().max(64).optional(),
  category: z.enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(', ')}` }).optional(),
  brand: z.string().trim().max(40, 'Brand must be at most 40 characters').optional(),
  status: z.enum(ADMIN_PRODUCT_STATUS_FILTERS, { error: `Status must be one of ${ADMIN_PRODUCT_STATUS_FILTERS.join(', ')}` }).optional(),
  /** Stock: `in` more than the low-stock mark, `low` 1 to the mark, `out` none. */
  stock: z.enum(VENDOR_STOCK_FILTERS, { error: 'Stock must be in, low or out' }).optional(),
  featured: z.enum(ADMIN_FEATURED_FILTERS, { error: 'Featured must be yes or no' }).optional(),
  /** Whole rupees, inclusive. */
  priceMin: rupees('Minimum price').optional(),
  priceMax: rupees('Maximum price').optional(),
  sort: sortQuerySchema(ADMIN_PRODUCT_SORTS, '-updatedAt'),
};

const priceOrder = (value: { priceMin?: number; priceMax?: number }, ctx: z.RefinementCtx) => {
  if (value.priceMin !== undefined && value.priceMax !== undefined && value.priceMin > value.priceMax) {
    ctx.addIssue({ code: 'custom', path: ['priceMin'], message: 'Minimum price must not be above the maximum price' });
  }
};

/** GET /api/admin/products */
export const adminProductsQuerySchema = z.strictObject({ ...pageQueryFields, ...adminProductFilters }).superRefine(priceOrder);
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;
export type AdminProductsQueryInput = z.input<typeof adminProductsQuerySchema>;

/** GET /api/admin/products/export: the filtered list as CSV (every row, not a page). */
export const adminProductsExportQuerySchema = z.strictObject(adminProductFilters).superRefine(priceOrder);
export type AdminProductsExportQuery = z.output<typeof adminProductsExportQuerySchema>;

export const adminProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.enum(CATEGORIES),
  status: z.enum(PRODUCT_STATUSES),
  vendor: z.object({ id: z.string(), name: z.string() }),
  /** The seller's status: a product of a seller who is not approved is not in the shop, whatever its own status. */
  sellerStatus: z.enum(VENDOR_STATUSES),
  /** Whether shoppers see it and can buy it: active, of an approved seller (the server's test, as the storefront's). */
  inShop: z.boolean(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  stock: z.number().int(),
  soldCount: z.number().int(),
  hiddenReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  featuredAt: z.string().nullable(),
  image: productImageSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductsResponseSchema = paginatedSchema(adminProductSchema);
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;

const productIds = z
  .array(z.string().trim().min(1).max(64), { error: 'Choose the products' })
  .min(1, 'Choose at least one product')
  .max(200, 'Choose at most 200 products at a time')
  .transform((ids) => [...new Set(ids)]);

export const HIDE_REASON_MIN = 10;
export const HIDE_REASON_MAX = 500;

/** Why products are hidden: the vendor reads it. The admin's Hide dialogs check it too. */
export const hideReasonSchema = z
  .string({ error: 'Give the reason the vendor will read' })
  .trim()
  .min(HIDE_REASON_MIN, `Give the reason the vendor will read (at least ${HIDE_REASON_MIN} characters)`)
  .max(HIDE_REASON_MAX, `The reason must be at most ${HIDE_REASON_MAX} characters`);

/** POST /api/admin/products/hide: one reason for every chosen product; the vendor reads it. */
export const hideProductsSchema = z.strictObject({ ids: productIds, reason: hideReasonSchema });
export type HideProductsInput = z.input<typeof hideProductsSchema>;

/** POST /api/admin/products/restore | feature | unfeature */
export const productIdsBodySchema = z.strictObject({ ids: productIds });

export const productsActionResponseSchema = z.object({
  /** How many products changed (the others already were so). */
  updated: z.number().int(),
  ids: z.array(z.string()),
});
export type ProductsActionResponse = z.infer<typeof productsActionResponseSchema>;

/** GET /api/admin/products/brands */
export const adminBrandsQuerySchema = z.strictObject({
  q: z.string().trim().max(40, 'Search text must be at most 40 characters').optional(),
});
export const adminBrandSchema = z.object({
  brand: z.string(),
  /** Products of every status carrying the name. */
  count: z.number().int(),
  /** Of them, on sale now. */
  activeCount: z.number().int(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;
export const adminBrandsResponseSchema = z.object({ items: z.array(adminBrandSchema) });
export type AdminBrandsResponse = z.infer<typeof adminBrandsResponseSchema>;

const brandName = (label: string) =>
  z
    .string({ error: `Enter the ${inSentence(label)}` })
    .trim()
    .min(1, `Enter the ${inSentence(label)}`)
    .max(40, `${label} must be at most 40 characters`)
    .regex(/^[\p{L}\p{N} &.'-]+$/u, `${label} may have letters, digits, spaces and & . ' -`);

/** POST /api/admin/products/brands/rename: every product of `from` gets `to` (an existing name merges them). */
export const renameBrandSchema = z
  .strictObject({ from: brandName('Brand'), to: brandName('New name') })
  .refine((v) => v.from !== v.to, { path: ['to'], message: 'The new name is the same as the old one' });
export type RenameBrandInput = z.input<typeof renameBrandSchema>;
export const renameBrandResponseSchema = z.object({ brand: z.string(), updated: z.number().int() });
export type RenameBrandResponse = z.infer<typeof renameBrandResponseSchema>;

/** GET /api/admin/products/{id}: the vendor's form values plus what only the shop sees. */
export const adminProductParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

export const adminProductDetailResponseSchema = z.object({
  product: ownProductSchema,
  vendor: z.object({ id: z.string(), name: z.string() }),
  sellerStatus: z.enum(VENDOR_STATUSES),
  inShop: z.boolean(),
  featuredAt: z.string().nullable(),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailResponseSchema>;

import { z } from 'zod';
import { productImageSchema } from './catalogue';

/**
 * A seller's offers of products already in the catalogue (decision 70): it finds the product by brand,
 * model or EAN and sells a configuration of it at its own price, stock and dispatch time, instead of
 * listing a duplicate.
 */

export const OFFER_CONDITIONS = ['new', 'refurbished'] as const;
export const OFFER_GRADES = ['A', 'B', 'C'] as const;

export const catalogueMatchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a brand, model or EAN' })
    .trim()
    .min(2, 'Type at least 2 characters of a brand, model or EAN')
    .max(100, 'At most 100 characters'),
});

/** A configuration's options with their names, in the product's order; empty for a product of one configuration. */
const configurationSchema = z.array(z.object({ option: z.string(), value: z.string() }));

const matchedVariantSchema = z.object({
  variantId: z.string(),
  options: z.record(z.string(), z.string()),
  configuration: configurationSchema,
  ean: z.string().nullable(),
  mrpPaise: z.number().int(),
  /** The lowest price of an offer on sale of it, and how many offers it has. */
  fromPricePaise: z.number().int().nullable(),
  offerCount: z.number().int(),
  /** How many sellers sell it now (an offer active, in stock, from a seller who may sell). */
  sellerCount: z.number().int(),
  /** Whether this seller offers it already (then it changes that offer instead). */
  offeredByYou: z.boolean(),
});

export const catalogueMatchResponseSchema = z.object({
  items: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      brand: z.string(),
      model: z.string().nullable(),
      category: z.string(),
      /** The product's first picture; null when it has none. */
      image: productImageSchema.nullable(),
      variants: z.array(matchedVariantSchema),
    }),
  ),
});
export type CatalogueMatchResponse = z.infer<typeof catalogueMatchResponseSchema>;

const pricePaise = z
  .number({ error: 'Enter the price in paise' })
  .int('Enter the price in whole paise')
  .min(100, 'The price is at least ₹1.00')
  .max(100_000_000, 'The price is at most ₹10,00,000.00');
const stock = z.number({ error: 'Enter the stock' }).int('Stock is a whole number').min(0, 'Stock cannot be negative').max(100_000);
const dispatchDays = z
  .number({ error: 'Enter the days to dispatch' })
  .int('Days are a whole number')
  .min(0, 'Dispatch takes 0 to 30 days')
  .max(30, 'Dispatch takes 0 to 30 days');

export const offerInputSchema = z
  .strictObject({
    variantId: z.string({ error: 'Choose a configuration' }).min(1, 'Choose a configuration').max(60),
    pricePaise,
    stock,
    dispatchDays: dispatchDays.default(1),
    warranty: z.string({ error: 'Describe the warranty' }).trim().min(3, 'Describe the warranty').max(200, 'At most 200 characters'),
    warrantyMonths: z.number().int().min(0).max(120, 'At most 120 months'),
    condition: z.enum(OFFER_CONDITIONS, { error: 'Choose new or refurbished' }).default('new'),
    grade: z.enum(OFFER_GRADES, { error: 'Choose grade A, B or C' }).optional(),
    sellerSku: z.string().trim().min(1).max(64, 'At most 64 characters').optional(),
  })
  .superRefine((offer, ctx) => {
    if (offer.condition === 'refurbished' && !offer.grade)
      ctx.addIssue({ code: 'custom', path: ['grade'], message: 'A refurbished unit has a grade: A, B or C' });
    if (offer.condition === 'new' && offer.grade) ctx.addIssue({ code: 'custom', path: ['grade'], message: 'A new unit has no grade' });
  });
export type OfferInput = z.output<typeof offerInputSchema>;

export const offerPatchSchema = z
  .strictObject({
    pricePaise: pricePaise.optional(),
    stock: stock.optional(),
    dispatchDays: dispatchDays.optional(),
    status: z.enum(['active', 'paused']).optional(),
    /** The stock the seller saw: if orders changed it meanwhile, a change of stock is refused rather than lose them. */
    stockWas: z.number().int().min(0).optional(),
  })
  .refine((p) => p.pricePaise !== undefined || p.stock !== undefined || p.dispatchDays !== undefined || p.status !== undefined, {
    message: 'Change the price, stock, dispatch days or status',
  });
export type OfferPatch = z.output<typeof offerPatchSchema>;

export const offerIdParamsSchema = z.object({ offerId: z.string().min(1).max(60) });

export const vendorOfferSchema = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  productName: z.string(),
  brand: z.string(),
  /** The product's first picture; null when it has none. */
  image: productImageSchema.nullable(),
  options: z.record(z.string(), z.string()),
  configuration: configurationSchema,
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  stock: z.number().int(),
  dispatchDays: z.number().int(),
  warranty: z.string(),
  warrantyMonths: z.number().int(),
  condition: z.enum(OFFER_CONDITIONS),
  grade: z.enum(OFFER_GRADES).nullable(),
  status: z.enum(['active', 'paused']),
  sellerSku: z.string().nullable(),
  soldCount: z.number().int(),
  createdAt: z.string(),
});
export type VendorOffer = z.infer<typeof vendorOfferSchema>;

export const vendorOfferResponseSchema = z.object({ offer: vendorOfferSchema });
export const vendorOffersResponseSchema = z.object({ items: z.array(vendorOfferSchema) });

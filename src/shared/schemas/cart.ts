import { z } from 'zod';
import { productImageSchema, stockStatusSchema } from './catalogue';

import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_ORDER_LINE_QUANTITY } from '../constants';

export { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_ORDER_LINE_QUANTITY };

// ---------- request ----------

export const cartCheckLineSchema = z.strictObject({
  productId: z.string().min(1).max(60),
  /** Another seller's offer of the product (decision 70); absent: the product's own. */
  offerId: z.string().min(1).max(60).optional(),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ORDER_LINE_QUANTITY, `Quantity can be at most ${MAX_ORDER_LINE_QUANTITY}`),
  /** The price the browser has stored, in paise: only compared with the database price, never charged. */
  pricePaise: z.number().int().min(0),
});

export const cartCheckRequestSchema = z.strictObject({
  /** Checked as a business would buy it (the business limits, decision 77); absent: as a consumer. */
  asBusiness: z.boolean().optional(),
  items: z
    .array(cartCheckLineSchema)
    .min(1, 'The cart is empty')
    .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} different products`),
});
export type CartCheckRequest = z.infer<typeof cartCheckRequestSchema>;
export type CartCheckLine = z.infer<typeof cartCheckLineSchema>;

// ---------- response ----------

export const cartLineStatusSchema = z.enum(['ok', 'price_changed', 'quantity_reduced', 'out_of_stock', 'unavailable']);
export type CartLineStatus = z.infer<typeof cartLineStatusSchema>;

export const cartLineProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  image: productImageSchema.nullable(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  stock: z.number().int(),
  stockStatus: stockStatusSchema,
});
export type CartLineProduct = z.infer<typeof cartLineProductSchema>;

export const cartCheckedLineSchema = z.object({
  productId: z.string(),
  /** The offer the line named, when it named one. */
  offerId: z.string().optional(),
  /** Who sells the line, when it names another seller's offer. */
  sellerName: z.string().optional(),
  /** The quantity asked for. */
  quantity: z.number().int(),
  status: cartLineStatusSchema,
  /** Null when the product is unknown or not on sale. */
  product: cartLineProductSchema.nullable(),
  /** price_changed: the price the cart had and the current one. */
  oldPricePaise: z.number().int().optional(),
  newPricePaise: z.number().int().optional(),
  /** quantity_reduced: how many can be bought now (the stock, or the product's limit for the buyer). */
  availableQuantity: z.number().int().optional(),
  /**
   * The product's quantity limits per order (decision 77): `consumer` for anyone, `business` when buying
   * with a GSTIN; more is a quote. `limitMessage` says why a line was reduced to its limit.
   */
  limits: z.object({ consumer: z.number().int(), business: z.number().int() }).optional(),
  limitMessage: z.string().optional(),
  /** Current price × the quantity that can be bought (0 for lines that cannot). */
  lineTotalPaise: z.number().int(),
  /**
   * The line named a product an admin merged into another (decision 70): the product kept and the offer it buys
   * now (its own when none), for the cart to keep, and the words that tell the shopper.
   */
  listedAs: z
    .object({
      productId: z.string(),
      offerId: z.string().optional(),
      message: z.string(),
    })
    .optional(),
});
export type CartCheckedLine = z.infer<typeof cartCheckedLineSchema>;

export const cartTotalsSchema = z.object({
  itemCount: z.number().int(),
  subtotalPaise: z.number().int(),
  gstIncludedPaise: z.number().int(),
  shippingPaise: z.number().int(),
  totalPaise: z.number().int(),
  /** How much more to spend for free standard delivery (0 when already free). */
  freeShippingShortfallPaise: z.number().int(),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

export const cartCheckResponseSchema = z.object({
  lines: z.array(cartCheckedLineSchema),
  totals: cartTotalsSchema,
});
export type CartCheckResponse = z.infer<typeof cartCheckResponseSchema>;

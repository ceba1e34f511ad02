import { z } from 'zod';
import { MAX_ORDER_LINE_QUANTITY } from '../constants';
import { productImageSchema } from './catalogue';

/**
 * Quotes for quantity (decision 77): a signed-in customer asks a seller for a price on more than a product's limit
 * (or any quantity a business wants); the seller answers with a unit price valid for some days, or declines.
 * `expired` is never stored: it is an answered quote past its `validUntil`.
 */
export const QUOTE_STATUSES = ['requested', 'answered', 'declined', 'expired', 'ordered'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Waiting for the seller',
  answered: 'Price offered',
  declined: 'Declined',
  expired: 'Expired',
  ordered: 'Ordered',
};

/** The days a seller's price may stay valid. */
export const QUOTE_VALIDITY_DAYS = { min: 1, max: 30 } as const;
/** Open requests (waiting for an answer) one customer may hold at a time. */
export const MAX_OPEN_QUOTE_REQUESTS = 20;

const quantitySchema = z
  .number({ error: 'Enter the quantity as a whole number' })
  .int('Enter the quantity as a whole number')
  .min(1, 'Ask for at least 1')
  .max(MAX_ORDER_LINE_QUANTITY, `Ask for at most ${MAX_ORDER_LINE_QUANTITY}`);

/** `POST /api/quotes`: the product page's "Request a quote". */
export const priceQuoteRequestSchema = z.strictObject({
  productId: z.string({ error: 'Choose a product' }).min(1).max(60),
  /** The seller's offer asked (decision 70); absent: the product's own offer. */
  offerId: z.string().min(1).max(60).optional(),
  quantity: quantitySchema,
  /** One of the customer's saved businesses (decision 71); absent: asked as a consumer. */
  businessId: z.string().min(1).max(64).optional(),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional(),
});
export type QuoteRequestInput = z.infer<typeof priceQuoteRequestSchema>;

/** The seller's answer: a unit price in rupees (at most the MRP) and how many days it holds. */
export const priceQuoteAnswerSchema = z.strictObject({
  unitPricePaise: z
    .number({ error: 'Enter the unit price' })
    .int('Enter the price in paise as a whole number')
    .min(100, 'The price must be at least ₹1'),
  validDays: z
    .number({ error: 'Enter how many days the price holds' })
    .int('Enter whole days')
    .min(QUOTE_VALIDITY_DAYS.min, `Between ${QUOTE_VALIDITY_DAYS.min} and ${QUOTE_VALIDITY_DAYS.max} days`)
    .max(QUOTE_VALIDITY_DAYS.max, `Between ${QUOTE_VALIDITY_DAYS.min} and ${QUOTE_VALIDITY_DAYS.max} days`),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional(),
});
export type QuoteAnswer = z.infer<typeof priceQuoteAnswerSchema>;

export const priceQuoteDeclineSchema = z.strictObject({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(3, 'Give a reason (at least 3 characters)')
    .max(500, 'Keep it under 500 characters'),
});

export const priceQuoteParamsSchema = z.strictObject({ quoteId: z.string().min(1).max(64) });

export const vendorPriceQuotesQuerySchema = z.strictObject({
  status: z.enum(QUOTE_STATUSES).optional(),
});
export type VendorQuotesQuery = z.infer<typeof vendorPriceQuotesQuerySchema>;

export const priceQuoteSchema = z.object({
  id: z.string(),
  /** requested, answered, declined, expired (answered, past its validity) or ordered. */
  status: z.enum(QUOTE_STATUSES),
  productId: z.string(),
  offerId: z.string(),
  /** The product's configuration as it was named when asked. */
  productName: z.string(),
  image: productImageSchema.nullable(),
  sellerName: z.string(),
  quantity: z.number().int(),
  note: z.string().nullable(),
  /** The business it was asked for: its GSTIN and legal name then. */
  business: z.object({ id: z.string().nullable(), gstin: z.string(), legalName: z.string() }).nullable(),
  /** The offer's price and the MRP when asked, for comparison. */
  listPricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  unitPricePaise: z.number().int().nullable(),
  validDays: z.number().int().nullable(),
  validUntil: z.string().nullable(),
  answerNote: z.string().nullable(),
  answeredAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof priceQuoteSchema>;

/** The seller's view adds who asked (the account's name). */
export const vendorPriceQuoteSchema = priceQuoteSchema.extend({ customerName: z.string() });
export type VendorQuote = z.infer<typeof vendorPriceQuoteSchema>;

export const priceQuoteResponseSchema = z.object({ quote: priceQuoteSchema });
export const priceQuotesResponseSchema = z.object({ items: z.array(priceQuoteSchema) });
export const vendorPriceQuoteResponseSchema = z.object({ quote: vendorPriceQuoteSchema });
export const vendorPriceQuotesResponseSchema = z.object({ items: z.array(vendorPriceQuoteSchema), requestedCount: z.number().int() });

import { z } from 'zod';
import { CATEGORIES, PRODUCT_STATUSES } from '../constants';

/** The admin's review queue of new products (decision 70), oldest first, a page at a time. */
export const reviewQueueQuerySchema = z
  .object({
    page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page starts at 1').default(1),
    pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(50, 'At most 50 a page').default(20),
  })
  .strict();
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

const imageSchema = z.object({ id: z.string(), alt: z.string(), width: z.number(), height: z.number() });

/** Why a product looks like a duplicate of the one reviewed. */
export const DUPLICATE_REASONS = ['same_model', 'same_ean', 'similar_name'] as const;
export const DUPLICATE_REASON_LABELS: Record<(typeof DUPLICATE_REASONS)[number], string> = {
  same_model: 'Same brand and model',
  same_ean: 'Same EAN',
  similar_name: 'Very similar name',
};

export const likelyDuplicateSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  sellerName: z.string(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type LikelyDuplicate = z.infer<typeof likelyDuplicateSchema>;

export const queuedProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  category: z.enum(CATEGORIES),
  description: z.string(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  stock: z.number().int(),
  vendor: z.object({ id: z.string(), name: z.string() }),
  submittedAt: z.string().nullable(),
  images: z.array(imageSchema),
  specs: z.array(z.object({ label: z.string(), value: z.string() })),
  eans: z.array(z.string()),
  duplicates: z.array(likelyDuplicateSchema),
});
export type QueuedProduct = z.infer<typeof queuedProductSchema>;

export const reviewQueueResponseSchema = z.object({
  items: z.array(queuedProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;

export const reviewCountResponseSchema = z.object({ total: z.number().int() });

export const rejectProductSchema = z
  .object({
    reason: z
      .string({ error: 'Say why the product is sent back: its seller reads it' })
      .trim()
      .min(5, 'Say why the product is sent back, in a few words its seller can act on')
      .max(500, 'At most 500 characters'),
  })
  .strict();
export type RejectProductInput = z.input<typeof rejectProductSchema>;

export const reviewDecisionResponseSchema = z.object({ id: z.string(), status: z.enum(PRODUCT_STATUSES) });
export type ReviewDecisionResponse = z.infer<typeof reviewDecisionResponseSchema>;

/** Merge a duplicate (the product of the address) into the product kept. */
export const mergeProductSchema = z
  .object({ intoId: z.string({ error: 'Choose the product to keep' }).trim().min(1, 'Choose the product to keep').max(64) })
  .strict();
export type MergeProductInput = z.input<typeof mergeProductSchema>;
export const mergePreviewQuerySchema = mergeProductSchema;

const productRefSchema = z.object({ id: z.string(), name: z.string(), brand: z.string(), category: z.enum(CATEGORIES) });

/** What a merge moves, shown before the admin confirms it, and what it moved. */
export const mergeSummarySchema = z.object({
  duplicate: productRefSchema,
  kept: productRefSchema,
  /** Configurations of the duplicate matched by equal options to one of the kept product's (their offers join it). */
  configurationsJoined: z.number().int(),
  /** Configurations the kept product did not have, added to it. */
  configurationsAdded: z.number().int(),
  offers: z.number().int(),
  sellers: z.array(z.string()),
  reviews: z.number().int(),
  /** Reviews left with the duplicate: their author already reviewed the kept product. */
  reviewsLeft: z.number().int(),
  wishlists: z.number().int(),
  alerts: z.number().int(),
});
export type MergeSummary = z.infer<typeof mergeSummarySchema>;

import { z } from 'zod';
import { pageQueryFields, paginatedSchema } from './common';

// Reviews are plain text (the page escapes them). Control characters have no place in them; the body
// keeps its line breaks and tabs. Bidirectional overrides are refused too: they can disguise text.
const TITLE_FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const BODY_FORBIDDEN = /(?![\n\r\t])[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const CONTROL_MESSAGE = 'Remove the special control characters from this text';

/** Body of POST /api/catalogue/products/{id}/reviews: the form checks it with the same rules. */
export const reviewInputSchema = z
  .strictObject({
    rating: z
      .number({ error: 'Choose 1 to 5 stars' })
      .int('Choose 1 to 5 stars')
      .min(1, 'Choose 1 to 5 stars')
      .max(5, 'Choose 1 to 5 stars'),
    title: z.string().trim().min(3, 'Give your review a title of at least 3 characters').max(120, 'At most 120 characters'),
    body: z.string().trim().min(10, 'Write at least 10 characters').max(4000, 'At most 4,000 characters'),
  })
  .superRefine((v, ctx) => {
    if (TITLE_FORBIDDEN.test(v.title)) ctx.addIssue({ code: 'custom', path: ['title'], message: CONTROL_MESSAGE });
    if (BODY_FORBIDDEN.test(v.body)) ctx.addIssue({ code: 'custom', path: ['body'], message: CONTROL_MESSAGE });
  })
  .transform((v) => ({ ...v, body: v.body.replace(/\r\n?/g, '\n') }));
export type ReviewInput = z.output<typeof reviewInputSchema>;

export const myReviewResponseSchema = z.object({
  /** True when the customer has received the product and not reviewed it yet. */
  canReview: z.boolean(),
  /** Why not, in words for the customer; null when they may. */
  reason: z.string().nullable(),
  review: z
    .object({
      id: z.string(),
      rating: z.number().int(),
      title: z.string(),
      body: z.string(),
      createdAt: z.string(),
      /** Only when the shop hid the review: why (shown to its author alone). */
      hiddenReason: z.string().optional(),
    })
    .nullable(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponseSchema>;

/** The words a customer reads when the shop hid their review (it is not on the product page). */
export const hiddenReviewNotice = (reason: string) => `The shop hid your review from the product page: ${reason}`;

export const REVIEW_VISIBILITIES = ['visible', 'hidden'] as const;
export type ReviewVisibility = (typeof REVIEW_VISIBILITIES)[number];
export const REVIEW_VISIBILITY_LABELS: Record<ReviewVisibility, string> = { visible: 'Shown', hidden: 'Hidden' };
export const REVIEW_RATINGS = ['1', '2', '3', '4', '5'] as const;

/** GET /api/admin/reviews: every review, newest first; by stars, shown or hidden, and product or customer words. */
export const adminReviewsQuerySchema = z.strictObject({
  ...pageQueryFields,
  /** Words of the product's name, or the customer's name or e-mail. */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  rating: z.enum(REVIEW_RATINGS, { error: 'Rating must be 1 to 5' }).optional(),
  visibility: z.enum(REVIEW_VISIBILITIES, { error: 'Show shown or hidden reviews' }).optional(),
});
export type AdminReviewsQuery = z.output<typeof adminReviewsQuerySchema>;

export const adminReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  product: z.object({ id: z.string(), name: z.string() }),
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** Set while the shop hides it: when, why and by whom. */
  hidden: z.object({ at: z.string(), reason: z.string(), byEmail: z.string().nullable() }).nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsResponseSchema = paginatedSchema(adminReviewSchema);
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponseSchema>;

export const reviewIdParamsSchema = z.strictObject({ reviewId: z.string().min(1).max(64) });

/** Body of POST /api/admin/reviews/{reviewId}/hide: the reason is kept and shown to the review's author. */
export const hideReviewSchema = z.strictObject({
  reason: z
    .string({ error: 'Give the reason for hiding this review' })
    .trim()
    .min(5, 'Give the reason for hiding this review (at least 5 characters)')
    .max(300, 'At most 300 characters'),
});
export type HideReviewInput = z.input<typeof hideReviewSchema>;

/** A hidden or restored review, with the product's rating as it now stands. */
export const reviewModerationResponseSchema = z.object({
  review: adminReviewSchema,
  productRating: z.object({ average: z.number(), count: z.number().int() }),
});
export type ReviewModerationResponse = z.infer<typeof reviewModerationResponseSchema>;

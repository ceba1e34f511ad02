import { z } from 'zod';

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
  review: z.object({ id: z.string(), rating: z.number().int(), title: z.string(), body: z.string(), createdAt: z.string() }).nullable(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponseSchema>;

import type { Review } from '~/shared/schemas/catalogue';
import type { MyReviewResponse, ReviewInput } from '~/shared/schemas/reviews';
import type { Database } from '../../db/client';
import { AppError, isUniqueViolation } from '../../http/app-error';
import { newId } from '../../lib/ids';
import * as repo from './reviews.repo';

export const REVIEW_REASONS = {
  notDelivered: 'You can review this product after it is delivered to you.',
  notBought: 'Only customers who bought and received this product can review it.',
  alreadyReviewed: 'You have already reviewed this product.',
} as const;

const NOT_FOUND_MESSAGE = 'This product is not in our catalogue, or is no longer on sale.';

function toReview(row: repo.ReviewRow): Review {
  return {
    id: row.id,
    authorName: row.author_name,
    rating: row.rating,
    title: row.title,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Ratings and reviews by customers who received a product: one per customer and product.
 * The product's average and count follow every review written.
 */
export function createReviewsService(deps: { db: Database }) {
  const { db } = deps;

  async function requireVisible(productId: string) {
    if (!(await repo.isProductVisible(db, productId))) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  }

  return {
    /** Whether the customer may review the product now, why not, and their review if they wrote one. */
    async mine(userId: string, productId: string): Promise<MyReviewResponse> {
      await requireVisible(productId);
      const existing = await repo.findReview(db, userId, productId);
      if (existing) {
        const { id, rating, title, body, createdAt } = toReview(existing);
        return { canReview: false, reason: REVIEW_REASONS.alreadyReviewed, review: { id, rating, title, body, createdAt } };
      }
      const state = await repo.purchaseState(db, userId, productId);
      if (state.received) return { canReview: true, reason: null, review: null };
      return { canReview: false, reason: state.ordered ? REVIEW_REASONS.notDelivered : REVIEW_REASONS.notBought, review: null };
    },

    /**
     * Writes the customer's review and recomputes the product's rating in one transaction.
     * Throws NOT_FOUND for a product not on sale, FORBIDDEN when the customer has not received
     * it, CONFLICT when they already reviewed it (also when two submits race).
     */
    async create(userId: string, productId: string, input: ReviewInput): Promise<Review> {
      await requireVisible(productId);
      const state = await repo.purchaseState(db, userId, productId);
      if (!state.received) {
        throw new AppError('FORBIDDEN', state.ordered ? REVIEW_REASONS.notDelivered : REVIEW_REASONS.notBought);
      }
      const id = newId('rev');
      try {
        await db.transaction(async (tx) => {
          // Reviews of one product queue here, so each recompute sees the reviews committed before it.
          if (!(await repo.lockProduct(tx, productId))) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
          if (await repo.findReview(tx, userId, productId)) throw new AppError('CONFLICT', REVIEW_REASONS.alreadyReviewed);
          await repo.insertReview(tx, { id, productId, userId, rating: input.rating, title: input.title, body: input.body });
          await repo.recomputeRating(tx, productId);
        });
      } catch (error) {
        // The unique key is the last word when two submits get past the check together.
        if (isUniqueViolation(error, 'product_reviews_once_key'))
          throw new AppError('CONFLICT', REVIEW_REASONS.alreadyReviewed, { cause: error });
        throw error;
      }
      const row = await repo.findReview(db, userId, productId);
      if (!row) throw new Error(`review ${id} vanished right after it was written`);
      return toReview(row);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

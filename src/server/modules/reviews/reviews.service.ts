import type { Review, ReviewsResponse } from '~/shared/schemas/catalogue';
import { hiddenReviewNotice, type MyReviewResponse, type ReviewInput } from '~/shared/schemas/reviews';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { readOnce } from '../../lib/read-once';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { OrdersService } from '../orders/orders.service';
import { createReviewModeration } from './review-moderation';
import * as repo from './reviews.repo';
import { allReviewsOfUser, reviewsOfUser } from './reviews-of-user.repo';

export const REVIEW_REASONS = {
  notDelivered: 'You can review this product after it is delivered to you.',
  notBought: 'Only customers who bought and received this product can review it.',
  alreadyReviewed: 'You have already reviewed this product.',
} as const;

const NOT_FOUND_MESSAGE = 'This product is not in our catalogue, or is no longer on sale.';
/** The catalogue's own words for a product not on sale (as its product page says). */
const PRODUCT_NOT_FOUND = 'This product does not exist or is no longer sold.';
const REVIEWS_PAGE_SIZE = 5;

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
 * The product's average and count follow every review written (set through the catalogue).
 */
export function createReviewsService(deps: {
  db: Database;
  catalogueService: Pick<CatalogueService, 'isOnSale' | 'setRating'>;
  ordersService: Pick<OrdersService, 'purchaseState'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, catalogueService, ordersService, audit } = deps;

  async function requireVisible(productId: string, message = NOT_FOUND_MESSAGE) {
    if (!(await catalogueService.isOnSale(productId))) throw new AppError('NOT_FOUND', message);
  }

  async function listPage(productId: string, page: number): Promise<ReviewsResponse> {
    const rows = await repo.listReviews(db, productId, page, REVIEWS_PAGE_SIZE);
    if (rows.length === 0) {
      // Not for sale, or a page past the last, where no row carries the count.
      await requireVisible(productId, PRODUCT_NOT_FOUND);
      return { items: [], total: await repo.countReviews(db, productId), page, pageSize: REVIEWS_PAGE_SIZE };
    }
    const items = rows.filter((row): row is repo.ReviewRow & { total: number } => row.id !== null).map(toReview);
    return { items, total: rows[0]!.total, page, pageSize: REVIEWS_PAGE_SIZE };
  }

  return {
    ...createReviewModeration({ db, catalogueService, audit }),

    /**
     * A page of the product's reviews, newest first (those the shop hid are left out). A page rendered on
     * the server reads it once for its content and its <head> (the reviews' JSON-LD).
     */
    list: (productId: string, page: number): Promise<ReviewsResponse> =>
      readOnce(`reviews:list:${productId}:${page}`, () => listPage(productId, page)),

    /**
     * Whether the customer may review the product now, why not, and their review if they wrote one.
     * A review the shop hid is still theirs (one per product): they alone read that it is hidden, and why.
     */
    async mine(userId: string, productId: string): Promise<MyReviewResponse> {
      await requireVisible(productId);
      const existing = await repo.findReview(db, userId, productId);
      if (existing) {
        const { id, rating, title, body, createdAt } = toReview(existing);
        if (existing.hidden_reason != null) {
          const hiddenReason = existing.hidden_reason;
          return {
            canReview: false,
            reason: hiddenReviewNotice(hiddenReason),
            review: { id, rating, title, body, createdAt, hiddenReason },
          };
        }
        return { canReview: false, reason: REVIEW_REASONS.alreadyReviewed, review: { id, rating, title, body, createdAt } };
      }
      const state = await ordersService.purchaseState(userId, productId);
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
      const state = await ordersService.purchaseState(userId, productId);
      if (!state.received) {
        throw new AppError('FORBIDDEN', state.ordered ? REVIEW_REASONS.notDelivered : REVIEW_REASONS.notBought);
      }
      const id = newId('rev');
      try {
        await db.transaction(async (tx) => {
          // Reviews of one product queue here, so each recompute sees the reviews committed before it.
          await repo.lockProductReviews(tx, productId);
          if (await repo.findReview(tx, userId, productId)) throw new AppError('CONFLICT', REVIEW_REASONS.alreadyReviewed);
          await repo.insertReview(tx, { id, productId, userId, rating: input.rating, title: input.title, body: input.body });
          if (!(await catalogueService.setRating(tx, productId, await repo.ratingOf(tx, productId)))) {
            throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
          }
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

    /**
     * A merge of duplicates (decision 70), in its transaction: the duplicate's reviews move to the product kept (a
     * customer who reviewed both keeps the kept product's), and both products' ratings are counted again.
     */
    async moveToProduct(tx: Executor, fromId: string, toId: string): Promise<{ moved: number; left: number }> {
      for (const id of [fromId, toId].sort()) await repo.lockProductReviews(tx, id);
      const result = await repo.moveReviews(tx, fromId, toId);
      for (const id of [toId, fromId]) await catalogueService.setRating(tx, id, await repo.ratingOf(tx, id));
      return result;
    },

    /** What a merge would move: how many of the duplicate's reviews, and how many stay (their authors reviewed the kept product). */
    reviewsToMove: (fromId: string, toId: string) => repo.reviewsToMove(db, fromId, toId),

    /** Admin: a customer's latest reviews (hidden ones marked) and how many it wrote in all. */
    async ofUser(userId: string, limit = 20) {
      const { rows, total } = await reviewsOfUser(db, userId, limit);
      return {
        total,
        recent: rows.map((r) => ({
          id: r.id,
          productId: r.productId,
          productName: r.productName,
          rating: r.rating,
          title: r.title,
          createdAt: r.createdAt.toISOString(),
          hidden: r.hiddenAt !== null,
        })),
      };
    },

    /** Every review the customer wrote, with its text, for the customer's own data export. */
    async exportOf(userId: string) {
      const rows = await allReviewsOfUser(db, userId);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), hiddenAt: r.hiddenAt?.toISOString() ?? null }));
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

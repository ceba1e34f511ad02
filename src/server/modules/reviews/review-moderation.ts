import type { AdminReview, AdminReviewsQuery, AdminReviewsResponse, ReviewModerationResponse } from '~/shared/schemas/reviews';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import * as adminRepo from './reviews.admin.repo';
import * as repo from './reviews.repo';

const REVIEW_NOT_FOUND = 'This review was not found. It may have been removed with its product or account.';

const when = (d: Date | string) => new Date(d).toISOString();

function toAdminReview(row: adminRepo.AdminReviewRow): AdminReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    createdAt: when(row.created_at),
    product: { id: row.product_id, name: row.product_name },
    author: { id: row.user_id, name: row.author_name, email: row.author_email },
    hidden: row.hidden_at ? { at: when(row.hidden_at), reason: row.hidden_reason ?? '', byEmail: row.hidden_by_email } : null,
  };
}

const asRating = (r: { average: string; count: number }) => ({ average: Number(r.average), count: r.count });

/**
 * The admins' side of reviews: every review, and hiding one (with a reason its author reads) or
 * showing it again. Either way the product's average, count and breakdown follow in the same
 * transaction, and the change is an audit entry with the rating before and after.
 */
export function createReviewModeration(deps: {
  db: Database;
  catalogueService: Pick<CatalogueService, 'setRating'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, catalogueService, audit } = deps;

  async function requireReview(reviewId: string) {
    const row = await adminRepo.findAdminReview(db, reviewId);
    if (!row) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    return row;
  }

  async function change(reviewId: string, to: { hide: true; reason: string; adminId: string } | { hide: false }) {
    const review = await requireReview(reviewId);
    const productId = review.product_id;
    const after = await db.transaction(async (tx) => {
      // The same queue as new reviews of the product: each recompute sees every change before it.
      await repo.lockProductReviews(tx, productId);
      const before = await repo.ratingOf(tx, productId);
      const changed = to.hide
        ? await adminRepo.hideReview(tx, reviewId, to.reason, to.adminId)
        : await adminRepo.restoreReview(tx, reviewId);
      if (!changed) {
        throw new AppError(
          'CONFLICT',
          to.hide ? 'This review is already hidden.' : 'This review is not hidden: it is on the product page.',
        );
      }
      const rating = await repo.ratingOf(tx, productId);
      await catalogueService.setRating(tx, productId, rating);
      const what = `the ${review.rating}-star review “${review.title}” by ${review.author_name} of ${review.product_name}`;
      await audit.record(tx, {
        action: to.hide ? 'review.hide' : 'review.restore',
        entityType: 'review',
        entityId: reviewId,
        vendorId: review.product_vendor_id,
        summary: to.hide ? `Hid ${what}: ${to.reason}` : `Showed ${what} again`,
        before: to.hide
          ? { hidden: false, productRating: asRating(before) }
          : { hidden: true, reason: review.hidden_reason, productRating: asRating(before) },
        after: to.hide
          ? { hidden: true, reason: to.reason, productRating: asRating(rating) }
          : { hidden: false, productRating: asRating(rating) },
      });
      return rating;
    });
    return { review: toAdminReview(await requireReview(reviewId)), productRating: asRating(after) };
  }

  return {
    /** Admin: every review, newest first, by stars, shown or hidden, and product or customer words. */
    async adminList(query: AdminReviewsQuery): Promise<AdminReviewsResponse> {
      const { rows, total } = await adminRepo.listAllReviews(db, query);
      return { items: rows.map(toAdminReview), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Admin: takes a review off the product page and out of its rating, with the reason its author
     * reads. NOT_FOUND for an unknown review, CONFLICT when it is already hidden (also when two admins
     * hide it at once: one change is made and recorded).
     */
    hide: (reviewId: string, reason: string, adminId: string): Promise<ReviewModerationResponse> =>
      change(reviewId, { hide: true, reason, adminId }),

    /** Admin: puts a hidden review back on the product page and into its rating. CONFLICT when it is shown. */
    restore: (reviewId: string): Promise<ReviewModerationResponse> => change(reviewId, { hide: false }),
  };
}

import type { MergeSummary } from '~/shared/schemas/product-review';
import type { Database } from '../db/client';
import type { AlertsService } from '../modules/alerts/alerts.service';
import type { AuditService } from '../modules/audit/audit.service';
import type { MergePlan, ProductReviewService } from '../modules/products/product-review.admin.service';
import type { ReviewsService } from '../modules/reviews/reviews.service';
import type { WishlistService } from '../modules/wishlist/wishlist.service';

const refOf = (p: MergePlan['kept']) => ({ id: p.id, name: p.name, brand: p.brand, category: p.category });

function sellersOf(plan: MergePlan): string[] {
  return [...new Set(plan.offers.map((o) => o.vendor_name))].sort();
}

/**
 * An admin merges a duplicate product into the one kept (decision 70), in one transaction: the catalogue moves
 * the duplicate's configurations (joined to the kept product's of equal options, or added) with their offers and
 * archives it `merged_into` the kept one; the reviews move (a customer who reviewed both keeps the kept product's)
 * and both ratings are counted again; wishlists and back-in-stock alerts follow; one audit entry `product.merge`
 * names both. Order lines keep their product for history: its address answers 301 to the kept product. Both
 * products are locked first, in id order, so a second merge of the same duplicate waits and is refused (409).
 */
export function createMergeProducts(deps: {
  db: Database;
  catalogue: Pick<ProductReviewService, 'merge'>;
  reviews: Pick<ReviewsService, 'moveToProduct' | 'reviewsToMove'>;
  wishlist: Pick<WishlistService, 'moveToProduct' | 'countOfProduct'>;
  alerts: Pick<AlertsService, 'moveToProduct' | 'countOfProduct'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, catalogue, reviews, wishlist, alerts, audit } = deps;

  return {
    /** What the merge would move, for the dialog that asks to confirm it. */
    async preview(duplicateId: string, keptId: string): Promise<MergeSummary> {
      // A merge that cannot be made is refused here as it would be (409, 422), with the same words.
      const plan = await catalogue.merge.plan(db, duplicateId, keptId, { lock: false });
      const [toMove, wishlists, alertCount] = await Promise.all([
        reviews.reviewsToMove(duplicateId, keptId),
        wishlist.countOfProduct(duplicateId),
        alerts.countOfProduct(duplicateId),
      ]);
      return {
        duplicate: refOf(plan.duplicate),
        kept: refOf(plan.kept),
        configurationsJoined: plan.joined.length,
        configurationsAdded: plan.added.length,
        offers: plan.offers.length,
        sellers: sellersOf(plan),
        reviews: toMove.moving,
        reviewsLeft: toMove.left,
        wishlists,
        alerts: alertCount,
      };
    },

    async merge(duplicateId: string, keptId: string): Promise<MergeSummary> {
      const summary = await db.transaction(async (tx) => {
        const plan = await catalogue.merge.plan(tx, duplicateId, keptId, { lock: true });
        await catalogue.merge.apply(tx, plan);
        const moved = await reviews.moveToProduct(tx, duplicateId, keptId);
        const wishlists = await wishlist.moveToProduct(tx, duplicateId, keptId);
        const alertCount = await alerts.moveToProduct(tx, duplicateId, keptId);
        const result: MergeSummary = {
          duplicate: refOf(plan.duplicate),
          kept: refOf(plan.kept),
          configurationsJoined: plan.joined.length,
          configurationsAdded: plan.added.length,
          offers: plan.offers.length,
          sellers: sellersOf(plan),
          reviews: moved.moved,
          reviewsLeft: moved.left,
          wishlists,
          alerts: alertCount,
        };
        await audit.record(tx, {
          action: 'product.merge',
          entityType: 'product',
          entityId: keptId,
          vendorId: plan.duplicate.vendor_id,
          summary: `Merged ${plan.duplicate.name} (${duplicateId}) into ${plan.kept.name} (${keptId}): ${plan.offers.length} offer${plan.offers.length === 1 ? '' : 's'}, ${moved.moved} review${moved.moved === 1 ? '' : 's'} moved`,
          before: { duplicateId, status: plan.duplicate.status, mergedInto: null },
          after: {
            duplicateId,
            keptId,
            status: 'archived',
            mergedInto: keptId,
            joined: plan.joined.map((j) => ({ from: j.from.id, to: j.to.id })),
            added: plan.added.map((v) => v.id),
            offers: plan.offers.map((o) => o.id),
            reviews: moved.moved,
            reviewsLeft: moved.left,
            wishlists,
            alerts: alertCount,
          },
        });
        return result;
      });
      await catalogue.merge.done();
      return summary;
    },
  };
}

export type MergeProducts = ReturnType<typeof createMergeProducts>;

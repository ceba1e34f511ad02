import type { ProductCard } from '~/shared/schemas/catalogue';
import { MAX_WISHLIST_ITEMS } from '~/shared/schemas/wishlist';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CatalogueService } from '../catalogue/catalogue.service';
import * as repo from './wishlist.repo';

export function createWishlistService(deps: { db: Database; catalogueService: CatalogueService }) {
  const { db, catalogueService } = deps;
  return {
    /** A merge of duplicates (decision 70), in its transaction: lists that saved the duplicate save the kept product. */
    moveToProduct: (tx: Executor, fromId: string, toId: string) => repo.moveToProduct(tx, fromId, toId),
    /** How many lists saved the product (what a merge would move). */
    countOfProduct: (productId: string) => repo.countOfProduct(db, productId),

    /** The customer's saved products that are still on sale, as cards, newest saved first. */
    async list(userId: string): Promise<ProductCard[]> {
      // The catalogue owns what a card shows; it keeps the order of the ids.
      return catalogueService.byIds(await repo.listWishlistProductIds(db, userId));
    },

    /** Ids of the saved products still on sale, newest saved first: enough for the hearts on cards. */
    productIds(userId: string): Promise<string[]> {
      return repo.listWishlistProductIds(db, userId);
    },

    /**
     * Saves a product. Saving one already saved changes nothing. Throws NOT_FOUND for a product
     * that does not exist or is not on sale, CONFLICT when the list already holds the maximum.
     */
    async add(userId: string, productId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.isProductVisible(tx, productId))) {
          throw new AppError('NOT_FOUND', 'This product is not in our catalogue, or is no longer on sale.');
        }
        await repo.lockWishlist(tx, userId);
        if (await repo.hasWishlistItem(tx, userId, productId)) return;
        if ((await repo.countWishlistItems(tx, userId)) >= MAX_WISHLIST_ITEMS) {
          throw new AppError(
            'CONFLICT',
            `Your wishlist is full: it holds at most ${MAX_WISHLIST_ITEMS} products. Remove some to save more.`,
          );
        }
        await repo.insertWishlistItem(tx, userId, productId);
      });
    },

    /** Removes a product from the list; removing one that is not there changes nothing. */
    async remove(userId: string, productId: string): Promise<void> {
      await repo.deleteWishlistItem(db, userId, productId);
    },

    /** Every saved product id with when it was saved, on sale or not, for the customer's own data export. */
    async exportOf(userId: string) {
      return (await repo.allWishlistItems(db, userId)).map((r) => ({ productId: r.productId, savedAt: r.savedAt.toISOString() }));
    },

    /** Empties the list inside the caller's transaction (an account being erased); returns how many were saved. */
    clearOf(tx: Executor, userId: string): Promise<number> {
      return repo.deleteWishlistOf(tx, userId);
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

import { LOW_STOCK_THRESHOLD } from '~/shared/constants';
import type { Database, Executor } from '../../db/client';
import type { ResponseCache } from '../../lib/response-cache';
import * as repo from './inventory.repo';
import { mergedAway } from './product-merge.admin.repo';

export type { ProductForCheckout } from './inventory.repo';

/**
 * Stock: the only way anything outside the catalogue changes an offer's stock (decision 70). Every operation
 * runs in the caller's transaction (`tx`), so an order and the stock it takes commit together.
 */
/** How long after a stock change the shop's cached answers are dropped again: the caller's transaction has committed by then. */
const AFTER_COMMIT_MS = 1000;

export function createInventoryService(deps: { db: Database; cache?: Pick<ResponseCache, 'invalidate'> }) {
  const { db, cache } = deps;
  let again: NodeJS.Timeout | undefined;

  /**
   * Stock a shopper sees changed ("Only 3 left", sold out, back in stock): the cached answers and
   * pages are dropped now, and once more after the order's transaction has committed, so that a
   * page rendered in between from the old stock is not kept (decision 29). Orders that leave plenty
   * in stock change nothing a page shows and keep the cache.
   */
  function stockShown(): void {
    if (!cache) return;
    const drop = () => cache.invalidate().catch(() => undefined);
    void drop();
    again ??= setTimeout(() => {
      again = undefined;
      void drop();
    }, AFTER_COMMIT_MS).unref();
  }

  return {
    /** Offers as checkout prices them, by offer id: price, stock, seller, the product and its first picture, on sale or not. */
    productsForCheckout: (offerIds: readonly string[], tx: Executor = db) => repo.productsForCheckout(tx, offerIds),

    /**
     * The products of `productIds` an admin merged into others (decision 70), with their names: a cart line naming
     * one buys its offer, which moved with it, from the product kept.
     */
    mergedProducts: (productIds: readonly string[], tx: Executor = db) => mergedAway(tx, productIds),

    /**
     * Takes stock for one line from its offer if that much is left and the price is still `pricePaise`
     * (the row locks queue concurrent checkouts; nothing is ever oversold). False when it could not be taken.
     */
    async take(tx: Executor, line: { productId: string; offerId: string; quantity: number; pricePaise: number }): Promise<boolean> {
      const left = await repo.takeStock(tx, line);
      if (left === undefined) return false;
      if (left <= LOW_STOCK_THRESHOLD) stockShown();
      return true;
    },

    /** Puts lines back into stock: a cancelled order, a return received. */
    async restock(tx: Executor, lines: readonly { productId: string; offerId: string; quantity: number }[]): Promise<void> {
      await repo.restock(tx, lines);
      if (lines.length > 0) stockShown();
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;

import type { Database, Executor } from '../../db/client';
import * as repo from './inventory.repo';

export type { ProductForCheckout } from './inventory.repo';

/**
 * Stock: the only way anything outside the catalogue changes a product's stock. Every operation
 * runs in the caller's transaction (`tx`), so an order and the stock it takes commit together.
 */
export function createInventoryService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** Products as checkout prices them: price, stock, seller and first picture, on sale or not. */
    productsForCheckout: (ids: readonly string[], tx: Executor = db) => repo.productsForCheckout(tx, ids),

    /**
     * Takes stock for one line if that much is left and the price is still `pricePaise` (the row
     * lock queues concurrent checkouts; nothing is ever oversold). False when it could not be taken.
     */
    take: (tx: Executor, line: { productId: string; quantity: number; pricePaise: number }) =>
      repo.takeStock(tx, line.productId, line.quantity, line.pricePaise),

    /** Puts lines back into stock: a cancelled order, a return received. */
    restock: (tx: Executor, lines: readonly { productId: string; quantity: number }[]) => repo.restock(tx, lines),
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;

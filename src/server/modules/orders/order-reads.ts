import type { OrderLineInput } from '~/shared/schemas/orders';
import type { Database } from '../../db/client';
import type { InventoryService } from '../catalogue/inventory.service';
import { pricingLines, readCart } from './order-rules';
import * as repo from './orders.repo';

/**
 * What the orders publish to the modules the orders themselves use (coupons): reads only, built
 * before both, so that coupons can read the orders without the orders' service being built first
 * (no cycle in services.ts; decision 62).
 */
export function createOrderReads(deps: { db: Database; inventory: Pick<InventoryService, 'productsForCheckout'> }) {
  const { db } = deps;
  return {
    /**
     * The lines of a cart that can be bought now, priced from the database as the quote prices them
     * (lines no longer for sale or out of stock left out): what the checkout's offers are judged on.
     */
    cartLines: async (items: OrderLineInput[]) => pricingLines((await readCart(deps.inventory, db, items)).lines),

    /** The coupon discount each of these orders was given (for a coupon's redemptions list). */
    couponDiscounts: (orderIds: readonly string[]) => repo.couponDiscounts(db, orderIds),
  };
}

export type OrderReads = ReturnType<typeof createOrderReads>;

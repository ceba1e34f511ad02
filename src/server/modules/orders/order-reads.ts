import type { Database } from '../../db/client';
import * as repo from './orders.repo';

/**
 * What the orders publish to the modules the orders themselves use (coupons): reads only, built
 * before both, so that coupons can read the orders without the orders' service being built first
 * (no cycle in services.ts; decision 62).
 */
export function createOrderReads(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** The coupon discount each of these orders was given (for a coupon's redemptions list). */
    couponDiscounts: (orderIds: readonly string[]) => repo.couponDiscounts(db, orderIds),
  };
}

export type OrderReads = ReturnType<typeof createOrderReads>;

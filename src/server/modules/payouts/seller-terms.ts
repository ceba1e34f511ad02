import type { PayoutRates } from '~/shared/schemas/payouts';
import type { Database, Executor } from '../../db/client';
import * as repo from './payouts.repo';
import { hasPan, isOwnStore, MARKETPLACE_RATES } from './tax-rates';

/**
 * What a seller is charged and deducted: its commission rates (its own plan's over the categories'), whether it
 * has given a PAN, whether it is the shop's own store, and these with the return window as the rates its pages show.
 */
export function createSellerTerms(deps: {
  db: Database;
  panOf: (vendorId: string) => Promise<string | null>;
  returnWindowDays: () => Promise<number>;
  shopGstin: () => Promise<string>;
}) {
  const { db, panOf } = deps;

  /** What decides a seller's deductions: whether it has given a PAN, and whether it is the shop's own store. */
  async function sellerTerms(executor: Executor, vendorId: string): Promise<{ hasPan: boolean; ownStore: boolean }> {
    const gstin = await repo.sellerGstin(executor, vendorId);
    return {
      hasPan: hasPan({ gstin, pan: gstin ? null : await panOf(vendorId) }),
      ownStore: isOwnStore(gstin, await deps.shopGstin()),
    };
  }

  /** The commission rates a vendor is charged: its own plan's rates over the categories' rates. */
  async function commissionOf(executor: Executor, vendorId: string): Promise<Map<string, number>> {
    // One after the other: inside a transaction, both run on one connection.
    const byCategory = await repo.ratesByCategory(executor);
    return new Map([...byCategory, ...(await repo.vendorRatesByCategory(executor, vendorId))]);
  }

  async function rates(vendorId: string): Promise<PayoutRates> {
    const [commission, terms, returnWindowDays] = await Promise.all([
      commissionOf(db, vendorId),
      sellerTerms(db, vendorId),
      deps.returnWindowDays(),
    ]);
    return {
      commission: [...commission].map(([category, rateBp]) => ({ category, rateBp })),
      ...MARKETPLACE_RATES,
      vendorTdsBp: terms.hasPan ? MARKETPLACE_RATES.tds.bp : MARKETPLACE_RATES.tdsWithoutPan.bp,
      ownStore: terms.ownStore,
      returnWindowDays,
    };
  }

  return { sellerTerms, commissionOf, rates };
}

export type SellerTerms = ReturnType<typeof createSellerTerms>;

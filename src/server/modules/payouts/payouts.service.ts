import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { createCommissionPlans } from './commission-plans';
import { createPayoutLedger } from './payout-ledger';
import type { PayoutBankAccount } from './payout-rows';
import { createPayoutTransfers } from './payout-transfers';
import { createSellerTerms } from './seller-terms';
import { createVendorPayouts } from './vendor-payouts';

export { rupeesForBank, toPayout, type DeliveredLine, type PayoutBankAccount } from './payout-rows';

/**
 * The vendor ledger and weekly payouts (decision 15): an entry per delivered line with the
 * marketplace's commission, GST on it, TCS and TDS; payable once the customer's return window has
 * closed; settled weekly into one payout per vendor that an admin pays by bank transfer.
 * `panOf` reads a seller's PAN from the vendors module (asked only for a seller without a GSTIN).
 * Composed of the ledger's writes, the seller's pages, the admin's transfers and the commission plans.
 */
export function createPayoutsService(deps: {
  db: Database;
  panOf: (vendorId: string) => Promise<string | null>;
  /** The vendors' bank accounts (from the vendors module), for the bank-upload file. */
  bankAccountsOf: (vendorIds: readonly string[]) => Promise<Map<string, PayoutBankAccount | null>>;
  /** The return window of the shop's settings now (orders keep the one they were placed with). */
  returnWindowDays: () => Promise<number>;
  /** The shop's own GSTIN in its settings now: a seller with it is the operator's own store (decision 51). */
  shopGstin: () => Promise<string>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, audit } = deps;
  const terms = createSellerTerms(deps);
  return {
    ...createPayoutLedger({ db, terms }),
    ...createVendorPayouts({ db, terms }),
    ...createPayoutTransfers({ db, bankAccountsOf: deps.bankAccountsOf, audit }),
    ...createCommissionPlans({ db, audit }),
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;

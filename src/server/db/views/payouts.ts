import { eq, sql } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { payouts, vendorLedgerEntries } from '../schema/payouts';

/**
 * Published by the payouts module: the vendor ledger's lines with the figures the marketplace's
 * monthly reports add up (GSTR-8's TCS, the payouts of a month) and the status of the payout that
 * paid each, so the reporting module's reports agree with the payouts to the paisa (decisions 19, 66).
 */
export const ledgerDirectory = pgView('ledger_directory').as((qb) =>
  qb
    .select({
      id: vendorLedgerEntries.id,
      vendorId: vendorLedgerEntries.vendorId,
      kind: vendorLedgerEntries.kind,
      firstParty: vendorLedgerEntries.firstParty,
      intraState: vendorLedgerEntries.intraState,
      deliveredAt: vendorLedgerEntries.deliveredAt,
      reversedAt: vendorLedgerEntries.reversedAt,
      salePaise: vendorLedgerEntries.salePaise,
      taxablePaise: vendorLedgerEntries.taxablePaise,
      commissionPaise: vendorLedgerEntries.commissionPaise,
      commissionGstPaise: vendorLedgerEntries.commissionGstPaise,
      tcsPaise: vendorLedgerEntries.tcsPaise,
      tdsPaise: vendorLedgerEntries.tdsPaise,
      netPaise: vendorLedgerEntries.netPaise,
      payoutId: vendorLedgerEntries.payoutId,
      payoutStatus: sql<string | null>`${payouts.status}`.as('payout_status'),
    })
    .from(vendorLedgerEntries)
    .leftJoin(payouts, eq(payouts.id, vendorLedgerEntries.payoutId)),
);

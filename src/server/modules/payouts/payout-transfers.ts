import { maskAccountNumber } from '~/shared/india-tax-ids';
import { formatPaise } from '~/shared/money';
import type { AdminPayout, AdminPayoutsQuery, AdminPayoutsResponse, BankFileQuery, Payout } from '~/shared/schemas/payouts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import type { AuditService } from '../audit/audit.service';
import { rupeesForBank, toPayout, type PayoutBankAccount } from './payout-rows';
import * as repo from './payouts.repo';

/** The admin's side of paying sellers: a payout marked paid, every vendor's payouts, the bank-upload file. */
export function createPayoutTransfers(deps: {
  db: Database;
  bankAccountsOf: (vendorIds: readonly string[]) => Promise<Map<string, PayoutBankAccount | null>>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, bankAccountsOf, audit } = deps;

  return {
    /** Records the bank transfer of a pending payout, once: a second time is CONFLICT. */
    async markPaid(
      payoutId: string,
      bankReference: string,
      adminId: string | null,
      at = new Date(),
      /** The day of the transfer (India time) when the admin gave it; checked against the payout's week. */
      paidOn?: string,
    ): Promise<Payout> {
      if (paidOn) {
        const payout = await repo.findPayout(db, payoutId);
        if (payout && payout.status === 'pending' && paidOn < payout.periodEnd) {
          throw new AppError('VALIDATION', 'The transfer cannot be before the end of the payout week.', {
            fields: { paidOn: `The payout covers the week to ${payout.periodEnd}: the transfer was made on that day or later` },
          });
        }
      }
      const paid = await db.transaction(async (tx) => {
        const row = await repo.markPaid(tx, payoutId, { bankReference, paidBy: adminId, at });
        if (row) {
          await audit.record(tx, {
            action: 'payout.pay',
            entityType: 'payout',
            entityId: payoutId,
            vendorId: row.vendorId,
            summary: `Marked a payout of ${formatPaise(row.netPaise)} paid with bank reference ${bankReference}`,
            before: { status: 'pending' },
            after: { status: row.status, bankReference, paidAt: at },
          });
        }
        return row;
      });
      if (paid) return toPayout(paid);
      const found = await repo.findPayout(db, payoutId);
      if (!found) throw new AppError('NOT_FOUND', 'This payout was not found.');
      throw new AppError('CONFLICT', `This payout was paid already (bank reference ${found.bankReference}).`);
    },

    /** Every vendor's payouts for the admin: pending first, oldest week first; totals over the filter and what is owed now. */
    async adminPayouts(query: AdminPayoutsQuery): Promise<AdminPayoutsResponse> {
      const filters = { status: query.status, q: query.q, vendorId: query.vendorId, week: query.week };
      const [{ items, total }, totals, pending] = await Promise.all([
        repo.adminPayouts(db, { ...filters, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        repo.adminPayoutTotals(db, filters),
        repo.pendingPayouts(db),
      ]);
      const accounts = await bankAccountsOf([...items, ...pending].map((p) => p.vendorId));
      return {
        items: items.map((p): AdminPayout => {
          const bank = accounts.get(p.vendorId) ?? null;
          return {
            ...toPayout(p),
            vendorId: p.vendorId,
            vendorName: p.vendorName,
            vendorGstin: p.vendorGstin,
            ownStore: p.ownStore,
            bankAccount: bank ? { holderName: bank.holderName, maskedNumber: maskAccountNumber(bank.number), ifsc: bank.ifsc } : null,
          };
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totals,
        owed: {
          payouts: pending.length,
          netPaise: pending.reduce((sum, p) => sum + p.netPaise, 0),
          withoutBankAccount: pending.filter((p) => !accounts.get(p.vendorId)).length,
        },
      };
    },

    /**
     * The bank-upload file of the payouts to be paid (by vendor and week when asked): one NEFT
     * transfer a row, to the vendor's whole account number. Payouts of vendors without a bank
     * account cannot be in it (the admin's list shows them). The export reveals bank details, so
     * it is recorded in the audit log (`payout.export`).
     */
    async bankFile(query: BankFileQuery): Promise<{ csv: string; payouts: number; netPaise: number }> {
      const pending = await repo.pendingPayouts(db, query);
      const accounts = await bankAccountsOf(pending.map((p) => p.vendorId));
      const rows = pending.flatMap((p) => {
        const bank = accounts.get(p.vendorId);
        return bank ? [{ payout: p, bank }] : [];
      });
      const netPaise = rows.reduce((sum, r) => sum + r.payout.netPaise, 0);
      const csv = toCsv(
        rows.map(({ payout: p, bank }) => [
          bank.holderName,
          bank.number,
          bank.ifsc,
          rupeesForBank(p.netPaise),
          'NEFT',
          p.id,
          `Payout ${p.periodStart} to ${p.periodEnd}`,
        ]),
        {
          header: true,
          columns: ['Beneficiary Name', 'Beneficiary Account Number', 'IFSC', 'Amount', 'Payment Mode', 'Reference', 'Narration'],
          record_delimiter: 'windows',
          // The bank's upload reads plain ASCII: no byte-order mark.
          bom: false,
        },
      );
      await db.transaction((tx) =>
        audit.record(tx, {
          action: 'payout.export',
          entityType: 'payout',
          entityId: query.week ?? 'all-weeks',
          vendorId: query.vendorId ?? null,
          summary: `Downloaded the bank-upload file of ${rows.length} payout${rows.length === 1 ? '' : 's'} totalling ${formatPaise(netPaise)} (bank account numbers)`,
          after: { payoutIds: rows.map((r) => r.payout.id), netPaise, filters: query },
        }),
      );
      return { csv, payouts: rows.length, netPaise };
    },
  };
}

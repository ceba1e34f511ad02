import { maskAccountNumber } from '~/shared/india-tax-ids';
import { formatPaise } from '~/shared/money';
import { parseSort } from '~/shared/schemas/common';
import type {
  AdminPayout,
  AdminPayoutsQuery,
  AdminPayoutsResponse,
  BankFileQuery,
  CommissionPlansQuery,
  CommissionPlansResponse,
  CommissionRates,
  LedgerEntry,
  LedgerQuery,
  LedgerResponse,
  Payout,
  PayoutDetail,
  PayoutRates,
  SetCommissionPlan,
  UpdateCommissionRates,
  VendorCommissionPlan,
  VendorPayouts,
} from '~/shared/schemas/payouts';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import { newId } from '../../lib/ids';
import { deductRefundedUnits, type RefundedUnits } from './payout-refunds';
import { renderStatementCsv, renderStatementPdf, type Statement } from './payout-statement';
import * as repo from './payouts.repo';
import { monthRange, nextSettlementDay, settlementWeek } from './settlement-week';
import { deliveredUnits, deliveredValue, hasPan, isOwnStore, ledgerFigures, MARKETPLACE_RATES, type OrderLineFigures } from './tax-rates';
import { toCsv } from '../../lib/csv';

const DAY_MS = 86_400_000;
/** How many weekly payouts the vendor's page lists (a year of them). */
const PAYOUTS_LISTED = 52;
/** A statement lists every line of its month; more than this in one month is not a computer dealer's month. */
const STATEMENT_MAX_LINES = 20_000;

/** An order line of one seller, delivered, as the orders module hands it over (inside its transaction). */
export interface DeliveredLine extends OrderLineFigures {
  orderItemId: string;
  category: string;
  /** Seller and customer in the same state: TCS is CGST + SGST, otherwise IGST. */
  intraState: boolean;
}

/** A vendor's bank account for payouts, whole: only the admin's bank file carries the number. */
export interface PayoutBankAccount {
  holderName: string;
  number: string;
  ifsc: string;
}

/** Paise as rupees with two decimals and no grouping (1234567 → "12345.67"), as bank upload files want them. */
export const rupeesForBank = (paise: number) => `${Math.trunc(paise / 100)}.${String(Math.abs(paise % 100)).padStart(2, '0')}`;

export const toPayout = (p: repo.PayoutRow): Payout => ({
  id: p.id,
  periodStart: p.periodStart,
  periodEnd: p.periodEnd,
  entries: p.entries,
  salePaise: p.salePaise,
  commissionPaise: p.commissionPaise,
  commissionGstPaise: p.commissionGstPaise,
  tcsPaise: p.tcsPaise,
  tdsPaise: p.tdsPaise,
  netPaise: p.netPaise,
  status: p.status as Payout['status'],
  bankReference: p.bankReference,
  paidAt: p.paidAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
});

const toEntry = (r: repo.EntryRow): LedgerEntry => ({
  id: r.id,
  orderId: r.order_id,
  orderNumber: r.order_number,
  category: r.category,
  quantity: r.quantity,
  salePaise: r.sale_paise,
  taxablePaise: r.taxable_paise,
  commissionRateBp: r.commission_rate_bp,
  commissionPaise: r.commission_paise,
  commissionGstPaise: r.commission_gst_paise,
  tcsPaise: r.tcs_paise,
  tdsPaise: r.tds_paise,
  netPaise: r.net_paise,
  couponSharePaise: r.coupon_share_paise,
  intraState: r.intra_state,
  deliveredAt: new Date(r.delivered_at).toISOString(),
  payableAt: new Date(r.payable_at).toISOString(),
  state: r.state,
  kind: r.kind,
  description:
    r.kind === 'refund'
      ? `Refund of ${-r.quantity} × ${r.item_name ?? r.category} on order ${r.order_number}`
      : `${r.quantity} × ${r.category}`,
  payoutId: r.payout_id,
  reversedAt: r.reversed_at ? new Date(r.reversed_at).toISOString() : null,
});

/**
 * The vendor ledger and weekly payouts (decision 15): an entry per delivered line with the
 * marketplace's commission, GST on it, TCS and TDS; payable once the customer's return window has
 * closed; settled weekly into one payout per vendor that an admin pays by bank transfer.
 * `panOf` reads a seller's PAN from the vendors module (asked only for a seller without a GSTIN).
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
  const { db, panOf, bankAccountsOf, audit } = deps;

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

  return {
    /**
     * Records a seller's delivered lines of an order in its ledger, inside the orders module's
     * transaction: the units not cancelled, at the commission rate of today (the vendor's plan's rate
     * for the category when it has one, else the category's). The shop's own store (its GSTIN is the
     * shop's today) is judged here, once: its lines carry no commission, TCS or TDS and stay so
     * whatever GSTIN the shop has later (decision 51). A line is recorded once. The order's return window runs from its last seller's delivery, so every entry
     * of the order not paid out waits until `deliveredAt` + the order's return window at least.
     */
    async recordDelivered(
      tx: Executor,
      input: { vendorId: string; orderId: string; deliveredAt: Date; returnWindowDays: number; lines: readonly DeliveredLine[] },
    ) {
      const payableAt = new Date(input.deliveredAt.getTime() + input.returnWindowDays * DAY_MS);
      const lines = input.lines.filter((l) => deliveredUnits(l) > 0);
      if (lines.length > 0) {
        // One after the other: inside a transaction, both run on one connection.
        const commission = await commissionOf(tx, input.vendorId);
        const { hasPan: panGiven, ownStore } = await sellerTerms(tx, input.vendorId);
        await repo.insertEntries(
          tx,
          lines.map((line) => {
            const value = deliveredValue(line);
            // Admins set a rate for every category; one without a rate is charged no commission.
            const commissionRateBp = ownStore ? 0 : (commission.get(line.category) ?? 0);
            return {
              id: newId('led'),
              vendorId: input.vendorId,
              orderId: input.orderId,
              orderItemId: line.orderItemId,
              category: line.category,
              ...value,
              commissionRateBp,
              intraState: line.intraState,
              firstParty: ownStore,
              ...ledgerFigures({ ...value, commissionRateBp, intraState: line.intraState, hasPan: panGiven, ownStore }),
              deliveredAt: input.deliveredAt,
              payableAt,
            };
          }),
        );
      }
      await repo.holdOrderUntil(tx, input.orderId, payableAt);
    },

    /** Lines returned and refunded before they were paid out leave the ledger (inside the refund's transaction). */
    reverse: (tx: Executor, orderItemIds: readonly string[], at = new Date()) => repo.reverse(tx, orderItemIds, at),

    /**
     * Units of delivered lines refunded (an admin's refund of chosen units), inside the refund's
     * transaction: the seller is owed less for exactly those units — in the payout that pays the
     * line, or in its next one when that was made already (see `deductRefundedUnits`).
     */
    refundUnits: (tx: Executor, lines: readonly RefundedUnits[], at = new Date()) => deductRefundedUnits(tx, lines, at),

    /**
     * The weekly settlement of the last week that has ended (Monday to Sunday, India time): each
     * vendor's payable entries become one payout, each vendor in its own transaction. Running it
     * again, or twice at once, makes nothing twice.
     */
    async settle(now = new Date()): Promise<{ periodStart: string; payouts: number; entries: number }> {
      const week = settlementWeek(now);
      let made = 0;
      let entries = 0;
      for (const vendorId of await repo.vendorsToSettle(db, week.endsBefore)) {
        const settled = await db.transaction((tx) => repo.settleVendor(tx, { vendorId, payoutId: newId('po'), ...week }));
        if (settled > 0) {
          made += 1;
          entries += settled;
        }
      }
      return { periodStart: week.periodStart, payouts: made, entries };
    },

    /** The vendor's money, the rates it is charged and their law, and its latest weekly payouts. */
    async vendorPayouts(vendorId: string, now = new Date()): Promise<VendorPayouts> {
      const [money, list, applied] = await Promise.all([
        repo.summaryOf(db, vendorId, now),
        repo.payoutsOf(db, vendorId, PAYOUTS_LISTED),
        rates(vendorId),
      ]);
      return {
        summary: {
          payableNowPaise: money.payable + money.in_payout,
          inPayoutPaise: money.in_payout,
          inReturnWindowPaise: money.in_return_window + money.return_requested,
          paidPaise: money.paid,
          nextSettlementOn: nextSettlementDay(now),
        },
        rates: applied,
        payouts: list.map(toPayout),
      };
    },

    /** One of the vendor's payouts with its lines; NOT_FOUND for another vendor's. */
    async payoutDetail(vendorId: string, payoutId: string, now = new Date()): Promise<PayoutDetail> {
      const payout = await repo.payoutOf(db, vendorId, payoutId);
      if (!payout) throw new AppError('NOT_FOUND', 'This payout was not found.');
      const rows = await repo.entriesOf(
        db,
        vendorId,
        { payoutId },
        { now, sort: { column: 'delivered', descending: false }, limit: STATEMENT_MAX_LINES, offset: 0 },
      );
      return { payout: toPayout(payout), entries: rows.map(toEntry) };
    },

    /** A page of the vendor's ledger, filtered and sorted, with the totals of every entry that matches. */
    async ledger(vendorId: string, query: LedgerQuery, now = new Date()): Promise<LedgerResponse> {
      const filters = { ...(query.month ? monthRange(query.month) : {}), state: query.state, q: query.q };
      const [rows, { total, ...totals }] = await Promise.all([
        repo.entriesOf(db, vendorId, filters, {
          now,
          sort: parseSort(query.sort),
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        repo.entryTotals(db, vendorId, filters, now),
      ]);
      return { items: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize, totals };
    },

    /** The month's statement (lines delivered that month, India time) as CSV or PDF. */
    async statement(vendorId: string, month: string, format: 'csv' | 'pdf', now = new Date()): Promise<string | Buffer> {
      const range = monthRange(month);
      const [seller, rows, { total: _count, ...totals }, applied] = await Promise.all([
        repo.seller(db, vendorId),
        repo.entriesOf(db, vendorId, range, {
          now,
          sort: { column: 'delivered', descending: false },
          limit: STATEMENT_MAX_LINES,
          offset: 0,
        }),
        repo.entryTotals(db, vendorId, range, now),
        rates(vendorId),
      ]);
      const statement: Statement = {
        month,
        seller,
        generatedAt: now,
        lines: rows.map((r) => ({ ...toEntry(r), payoutPeriod: r.payout_period, bankReference: r.bank_reference })),
        totals,
        rates: applied,
      };
      return format === 'csv' ? renderStatementCsv(statement) : renderStatementPdf(statement);
    },

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

    async commissionRates(): Promise<CommissionRates> {
      const rows = await repo.listRates(db);
      return { rates: rows.map((r) => ({ category: r.category, rateBp: r.rateBp, updatedAt: r.updatedAt.toISOString() })) };
    },

    /** Sets categories' commission rates; lines delivered from now on are charged them (recorded lines keep theirs). */
    async updateCommissionRates(input: UpdateCommissionRates, adminId: string): Promise<CommissionRates> {
      const before = await this.commissionRates();
      await db.transaction(async (tx) => {
        await repo.upsertRates(tx, input.rates, adminId, new Date());
        await audit.record(tx, {
          action: 'commission.update',
          entityType: 'commission_rates',
          entityId: input.rates.map((r) => r.category).join(','),
          summary: `Set commission rates: ${input.rates.map((r) => `${r.category} ${(r.rateBp / 100).toFixed(2)}%`).join(', ')}`,
          before: Object.fromEntries(
            before.rates.filter((r) => input.rates.some((i) => i.category === r.category)).map((r) => [r.category, r.rateBp]),
          ),
          after: Object.fromEntries(input.rates.map((r) => [r.category, r.rateBp])),
        });
      });
      return this.commissionRates();
    },

    /**
     * The vendors with a commission plan of their own, by name; or the one vendor asked for, with its
     * plan (no rates when it has none; nothing when there is no such seller).
     */
    async commissionPlans(query: CommissionPlansQuery): Promise<CommissionPlansResponse> {
      const found = await repo.listPlans(db, {
        vendorId: query.vendorId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      let { items, total } = found;
      if (query.vendorId && total === 0) {
        const vendorName = await repo.sellerName(db, query.vendorId);
        if (vendorName !== undefined) ({ items, total } = { items: [{ vendorId: query.vendorId, vendorName, rates: [] }], total: 1 });
      }
      return {
        items: items.map((p): VendorCommissionPlan => ({
          vendorId: p.vendorId,
          vendorName: p.vendorName,
          rates: p.rates.map((r) => ({ category: r.category, rateBp: r.rateBp, updatedAt: r.updatedAt.toISOString() })),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Sets a vendor's whole commission plan (an empty one ends it), for its lines delivered from now
     * on; audited with the plan before and after. Changes of one vendor's plan are serialised.
     */
    async setCommissionPlan(vendorId: string, input: SetCommissionPlan, adminId: string): Promise<VendorCommissionPlan> {
      const vendorName = await repo.sellerName(db, vendorId);
      if (vendorName === undefined) throw new AppError('NOT_FOUND', 'This seller was not found.');
      await db.transaction(async (tx) => {
        await repo.lockPlan(tx, vendorId);
        const before = Object.fromEntries(await repo.vendorRatesByCategory(tx, vendorId));
        await repo.replacePlan(tx, vendorId, input.rates, adminId, new Date());
        const describe = input.rates.map((r) => `${r.category} ${(r.rateBp / 100).toFixed(2)}%`).join(', ');
        await audit.record(tx, {
          action: 'commission.plan',
          entityType: 'vendor',
          entityId: vendorId,
          vendorId,
          summary:
            input.rates.length > 0
              ? `Set the commission plan of ${vendorName}: ${describe}`
              : `Ended the commission plan of ${vendorName} (category rates apply)`,
          before,
          after: Object.fromEntries(input.rates.map((r) => [r.category, r.rateBp])),
        });
      });
      const { items } = await repo.listPlans(db, { vendorId, limit: 1, offset: 0 });
      const plan = items[0];
      return {
        vendorId,
        vendorName,
        rates: (plan?.rates ?? []).map((r) => ({ category: r.category, rateBp: r.rateBp, updatedAt: r.updatedAt.toISOString() })),
      };
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;

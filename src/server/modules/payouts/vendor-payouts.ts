import { parseSort } from '~/shared/schemas/common';
import type { LedgerQuery, LedgerResponse, PayoutDetail, VendorPayouts } from '~/shared/schemas/payouts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toEntry, toPayout } from './payout-rows';
import { renderStatementCsv, renderStatementPdf, type Statement } from './payout-statement';
import * as repo from './payouts.repo';
import type { SellerTerms } from './seller-terms';
import { monthRange, nextSettlementDay } from './settlement-week';

/** How many weekly payouts the vendor's page lists (a year of them). */
const PAYOUTS_LISTED = 52;
/** A statement lists every line of its month; more than this in one month is not a computer dealer's month. */
const STATEMENT_MAX_LINES = 20_000;

/** The seller centre's money pages: the summary with the latest payouts, a payout's lines, the ledger, the month's statement. */
export function createVendorPayouts(deps: { db: Database; terms: Pick<SellerTerms, 'rates'> }) {
  const { db } = deps;
  const { rates } = deps.terms;

  return {
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
          awaitingCodCashPaise: money.awaiting_cod_cash,
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
  };
}

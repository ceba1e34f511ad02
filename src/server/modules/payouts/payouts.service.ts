import { stringify } from 'csv-stringify/sync';
import { RETURN_WINDOW_DAYS } from '~/shared/orders';
import type { LedgerEntry, LedgerQuery, LedgerResponse, Payout, VendorPayouts } from '~/shared/schemas/payouts';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './payouts.repo';
import { ledgerFigures, MARKETPLACE_RATES } from './tax-rates';

/** A delivered line as the ledger needs it (the orders module passes it in its transaction). */
export interface DeliveredLine {
  orderItemId: string;
  category: string;
  quantity: number;
  /** What the customer paid for the delivered units (GST included, after coupons). */
  salePaise: number;
  taxablePaise: number;
  intraState: boolean;
}

const toPayout = (p: repo.PayoutRow): Payout => ({
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
});

/**
 * The vendor ledger and payouts (decision 15): an entry per delivered line with the marketplace's
 * commission, GST on it, TCS and TDS, payable when the return window closes, settled weekly into a
 * payout that an admin pays by bank transfer.
 */
export function createPayoutsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** Records a vendor's delivered lines (inside the orders module's transaction); a line is recorded once. */
    async recordDelivered(tx: Executor, input: { vendorId: string; orderId: string; deliveredAt: Date; lines: DeliveredLine[] }) {
      if (input.lines.length === 0) return;
      const [rates, hasPan] = await Promise.all([repo.ratesByCategory(tx), repo.sellerHasPan(tx, input.vendorId)]);
      const payableAt = new Date(input.deliveredAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000);
      await repo.insertEntries(
        tx,
        input.lines.map((line) => {
          const commissionRateBp = rates.get(line.category) ?? 0;
          return {
            id: newId('led'),
            vendorId: input.vendorId,
            orderId: input.orderId,
            orderItemId: line.orderItemId,
            category: line.category,
            quantity: line.quantity,
            salePaise: line.salePaise,
            taxablePaise: line.taxablePaise,
            commissionRateBp,
            intraState: line.intraState,
            ...ledgerFigures({ salePaise: line.salePaise, taxablePaise: line.taxablePaise, commissionRateBp, hasPan }),
            deliveredAt: input.deliveredAt,
            payableAt,
          };
        }),
      );
    },

    /** Lines returned and refunded before they were paid out leave the ledger. */
    reverse: (tx: Executor, orderItemIds: readonly string[], at = new Date()) => repo.reverse(tx, orderItemIds, at),

    /** The weekly settlement: payable entries of ended weeks into one payout per vendor and week. */
    settle: (now = new Date()) => db.transaction((tx) => repo.settle(tx, now, () => newId('pay'))),

    async vendorPayouts(vendorId: string, now = new Date()): Promise<VendorPayouts> {
      const [summary, list, rates] = await Promise.all([
        repo.summaryOf(db, vendorId, now),
        repo.payoutsOf(db, vendorId),
        repo.ratesByCategory(db),
      ]);
      return {
        summary: {
          inReturnWindowPaise: summary.in_window,
          payablePaise: summary.payable,
          inPayoutPaise: summary.in_payout,
          paidPaise: summary.paid,
        },
        rates: {
          commission: [...rates.entries()].map(([category, rateBp]) => ({ category, rateBp })),
          commissionGstBp: MARKETPLACE_RATES.commissionGstBp,
          tcsBp: MARKETPLACE_RATES.tcsBp,
          tdsBp: MARKETPLACE_RATES.tdsBp,
          tdsWithoutPanBp: MARKETPLACE_RATES.tdsWithoutPanBp,
        },
        payouts: list.map(toPayout),
      };
    },

    async ledger(vendorId: string, query: LedgerQuery, now = new Date()): Promise<LedgerResponse> {
      const rows = await repo.ledgerOf(db, vendorId, query);
      const items: LedgerEntry[] = rows.map((r) => ({
        id: r.id as string,
        orderId: r.order_id as string,
        orderNumber: r.order_number,
        category: r.category as string,
        quantity: r.quantity as number,
        salePaise: r.sale_paise as number,
        commissionRateBp: r.commission_rate_bp as number,
        commissionPaise: r.commission_paise as number,
        commissionGstPaise: r.commission_gst_paise as number,
        tcsPaise: r.tcs_paise as number,
        tdsPaise: r.tds_paise as number,
        netPaise: r.net_paise as number,
        deliveredAt: new Date(r.delivered_at as string).toISOString(),
        payableAt: new Date(r.payable_at as string).toISOString(),
        state: r.reversed_at
          ? 'reversed'
          : r.payout_id
            ? 'in_payout'
            : new Date(r.payable_at as string) <= now
              ? 'payable'
              : 'in_return_window',
      }));
      return { items, total: rows[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
    },

    /** A month's statement as CSV: every entry delivered that month, and its totals. */
    async statementCsv(vendorId: string, month: string): Promise<string> {
      const { items } = await this.ledger(vendorId, { page: 1, pageSize: 100_000, month } as LedgerQuery);
      const rupees = (p: number) => (p / 100).toFixed(2);
      const rows = items.map((e) => ({
        delivered: e.deliveredAt.slice(0, 10),
        order: e.orderNumber,
        category: e.category,
        quantity: e.quantity,
        sale: rupees(e.salePaise),
        commission_rate: `${e.commissionRateBp / 100}%`,
        commission: rupees(e.commissionPaise),
        gst_on_commission: rupees(e.commissionGstPaise),
        tcs: rupees(e.tcsPaise),
        tds: rupees(e.tdsPaise),
        net: rupees(e.netPaise),
        state: e.state.replace(/_/g, ' '),
      }));
      const live = items.filter((e) => e.state !== 'reversed');
      const sum = (k: keyof LedgerEntry) => rupees(live.reduce((n, e) => n + (e[k] as number), 0));
      rows.push({
        delivered: 'Total',
        order: '',
        category: '',
        quantity: live.reduce((n, e) => n + e.quantity, 0),
        sale: sum('salePaise'),
        commission_rate: '',
        commission: sum('commissionPaise'),
        gst_on_commission: sum('commissionGstPaise'),
        tcs: sum('tcsPaise'),
        tds: sum('tdsPaise'),
        net: sum('netPaise'),
        state: 'reversed lines left out',
      });
      return stringify(rows, { header: true, bom: true });
    },

    async markPaid(payoutId: string, bankReference: string, adminId: string): Promise<Payout> {
      const paid = await repo.markPaid(db, payoutId, bankReference, adminId, new Date());
      if (paid) return toPayout(paid);
      const found = await repo.findPayout(db, payoutId);
      if (!found) throw new AppError('NOT_FOUND', 'This payout was not found.');
      throw new AppError('CONFLICT', `This payout was paid already (bank reference ${found.bankReference}).`);
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;

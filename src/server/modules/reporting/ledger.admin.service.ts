import { sql } from 'drizzle-orm';
import { lastCompleteMonth, type PayoutsReport, type ReportMonthQuery, type TcsReport } from '~/shared/schemas/reports';
import type { Executor } from '../../db/client';
import { rupees } from '../payouts/payout-statement';
import { monthRange } from '../payouts/settlement-week';
import { MARKETPLACE_RATES } from '../payouts/tax-rates';
import { toCsv } from '../../lib/csv';

/**
 * The marketplace's monthly reports from the vendor ledger the payouts module publishes
 * (`ledger_directory`, decisions 19 and 66), so they agree with the payouts to the paisa: GSTR-8 (TCS under section 52, per seller GSTIN) and the payouts of the month.
 * A supply is in the month its line was delivered (when the ledger records it and its TCS); a return
 * is in the month its refund reversed the line, or, for units refunded from a delivered line (a
 * refund entry, its figures negative), in the month of that refund. The payouts report counts
 * refund entries as lines of the month they were made in, so its net is what the payouts pay.
 */
export function createPayoutsReports(deps: { db: Executor }) {
  const { db } = deps;
  const n = (v: string | number | null) => Number(v ?? 0);
  return {
    async tcs(query: ReportMonthQuery, now = new Date()): Promise<TcsReport> {
      const month = query.month ?? lastCompleteMonth(now);
      const { from, to } = monthRange(month);
      const inMonth = (column: string) => sql.raw(`(e.${column} >= '${from.toISOString()}' and e.${column} < '${to.toISOString()}')`);
      const { rows } = await db.execute<Record<string, string> & { vendor_id: string; name: string; gstin: string | null }>(sql`
        select e.vendor_id, s.business_name as name, s.gstin,
               sum(case when e.kind = 'sale' and ${inMonth('delivered_at')} then e.taxable_paise else 0 end)::bigint as gross,
               sum(case when e.kind = 'refund' and ${inMonth('delivered_at')} then -e.taxable_paise else 0 end
                   + case when ${inMonth('reversed_at')} then e.taxable_paise else 0 end)::bigint as returns,
               sum((case when ${inMonth('delivered_at')} then 1 else 0 end - case when ${inMonth('reversed_at')} then 1 else 0 end)
                   * case when e.intra_state then e.tcs_paise / 2 else 0 end)::bigint as half,
               sum((case when ${inMonth('delivered_at')} then 1 else 0 end - case when ${inMonth('reversed_at')} then 1 else 0 end)
                   * case when e.intra_state then 0 else e.tcs_paise end)::bigint as igst
          from ledger_directory e join seller_directory s on s.id = e.vendor_id
         -- The operator's own store's supplies are not supplies through it by another supplier (decision 51).
         where (${inMonth('delivered_at')} or ${inMonth('reversed_at')}) and not e.first_party
         group by e.vendor_id, s.business_name, s.gstin order by s.business_name, e.vendor_id`);
      const result = rows.map((r) => {
        const gross = n(r.gross!);
        const returns = n(r.returns!);
        const half = n(r.half!);
        const igst = n(r.igst!);
        return {
          vendorId: r.vendor_id,
          sellerName: r.name,
          gstin: r.gstin,
          grossPaise: gross,
          returnsPaise: returns,
          netPaise: gross - returns,
          tcsCgstPaise: half,
          tcsSgstPaise: half,
          tcsIgstPaise: igst,
          tcsPaise: 2 * half + igst,
        };
      });
      const totals = { grossPaise: 0, returnsPaise: 0, netPaise: 0, tcsCgstPaise: 0, tcsSgstPaise: 0, tcsIgstPaise: 0, tcsPaise: 0 };
      for (const r of result) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
      return { month, rateBp: MARKETPLACE_RATES.tcs.bp, rows: result, totals };
    },

    async payouts(query: ReportMonthQuery, now = new Date()): Promise<PayoutsReport> {
      const month = query.month ?? lastCompleteMonth(now);
      const { from, to } = monthRange(month);
      const { rows } = await db.execute<
        Record<string, string> & { vendor_id: string; name: string; gstin: string | null; lines: number; own_store: boolean }
      >(sql`
        select e.vendor_id, s.business_name as name, s.gstin, count(*)::int as lines, bool_and(e.first_party) as own_store,
               sum(e.sale_paise)::bigint as sale, sum(e.commission_paise)::bigint as commission,
               sum(e.commission_gst_paise)::bigint as commission_gst, sum(e.tcs_paise)::bigint as tcs,
               sum(e.tds_paise)::bigint as tds, sum(e.net_paise)::bigint as net,
               coalesce(sum(e.net_paise) filter (where e.payout_status = 'paid'), 0)::bigint as paid
          from ledger_directory e
          join seller_directory s on s.id = e.vendor_id
         where e.delivered_at >= ${from} and e.delivered_at < ${to} and e.reversed_at is null
         group by e.vendor_id, s.business_name, s.gstin order by s.business_name, e.vendor_id`);
      const result = rows.map((r) => ({
        vendorId: r.vendor_id,
        sellerName: r.name,
        gstin: r.gstin,
        ownStore: r.own_store,
        lines: r.lines,
        salePaise: n(r.sale!),
        commissionPaise: n(r.commission!),
        commissionGstPaise: n(r.commission_gst!),
        tcsPaise: n(r.tcs!),
        tdsPaise: n(r.tds!),
        netPaise: n(r.net!),
        paidPaise: n(r.paid!),
        outstandingPaise: n(r.net!) - n(r.paid!),
      }));
      const totals = {
        lines: 0,
        salePaise: 0,
        commissionPaise: 0,
        commissionGstPaise: 0,
        tcsPaise: 0,
        tdsPaise: 0,
        netPaise: 0,
        paidPaise: 0,
        outstandingPaise: 0,
      };
      for (const r of result) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
      return { month, rows: result, totals };
    },
  };
}
export type PayoutsReports = ReturnType<typeof createPayoutsReports>;

/** GSTR-8 as CSV: a row per seller GSTIN, then the total. */
export function tcsCsv(r: TcsReport): string {
  const line = (label: string[], t: TcsReport['totals']) => [
    ...label,
    rupees(t.grossPaise),
    rupees(t.returnsPaise),
    rupees(t.netPaise),
    rupees(t.tcsIgstPaise),
    rupees(t.tcsCgstPaise),
    rupees(t.tcsSgstPaise),
    rupees(t.tcsPaise),
  ];
  return toCsv([
    ['TCS report (GSTR-8)', r.month, `TCS rate ${r.rateBp / 100}%`],
    ['GSTIN of supplier', 'Seller', 'Gross value of supplies', 'Value of returns', 'Net value', 'IGST', 'CGST', 'SGST', 'TCS'],
    ...r.rows.map((row) => line([row.gstin ?? '', row.sellerName], row)),
    line(['Total', ''], r.totals),
  ]);
}

/** The month's payouts as CSV: a row per seller, then the total. */
export function payoutsCsv(r: PayoutsReport): string {
  const line = (label: string[], t: PayoutsReport['totals']) => [
    ...label,
    t.lines,
    ...[t.salePaise, t.commissionPaise, t.commissionGstPaise, t.tcsPaise, t.tdsPaise, t.netPaise, t.paidPaise, t.outstandingPaise].map(
      rupees,
    ),
  ];
  return toCsv([
    ['Payouts report', r.month],
    ['Seller', 'GSTIN', 'Lines', 'Sales', 'Commission', 'GST on commission', 'TCS', 'TDS', 'Net', 'Paid', 'Outstanding'],
    ...r.rows.map((row) => line([row.sellerName, row.gstin ?? ''], row)),
    line(['Total', ''], r.totals),
  ]);
}

import { lineRefundPaise } from '~/shared/pricing';
import { RETURN_CONDITION_LABELS } from '~/shared/schemas/orders';
import { lastCompleteMonth, type GstSalesQuery, type ReturnsReport } from '~/shared/schemas/reports';
import type { Executor } from '../../db/client';
import { iso, indiaDay } from '../../lib/dates';
import { indiaMonthRange, reportSellers, rupees } from './gst.admin.service';
import * as repo from './returns.admin.repo';
import { toCsv } from '../../lib/csv';

type Totals = ReturnsReport['totals'];
const zero = (): Totals => ({
  returns: 0,
  units: 0,
  valuePaise: 0,
  resellableUnits: 0,
  resellablePaise: 0,
  damagedUnits: 0,
  damagedPaise: 0,
});

function add(into: Totals, row: ReturnsReport['rows'][number]): void {
  into.returns += 1;
  into.units += row.units;
  into.valuePaise += row.valuePaise;
  if (row.condition === 'resellable') {
    into.resellableUnits += row.units;
    into.resellablePaise += row.valuePaise;
  } else {
    into.damagedUnits += row.units;
    into.damagedPaise += row.valuePaise;
  }
}

/**
 * The returns report: every seller's return received in a month (India time), judged back in stock
 * or written off (decision 47), with what its units were sold for — the price after their share of
 * the coupon, as a refund gives back. A shop owner sees what returns cost the month; a seller's
 * written-off units are the claims it makes on the courier or the brand.
 */
export function createReturnsReport(deps: { db: Executor }) {
  const { db } = deps;
  return {
    async returns(query: GstSalesQuery, now = new Date()): Promise<ReturnsReport> {
      const month = query.month ?? lastCompleteMonth(now);
      const { sellers, seller } = await reportSellers(db, query.vendor);
      const { from, to } = indiaMonthRange(month);
      const received = await repo.returnsReceived(db, { from, to, vendorId: seller?.id ?? null });
      const rows = received.map((r) => {
        const units = r.items.reduce((n, i) => n + i.quantity - i.cancelledQuantity, 0);
        return {
          orderId: r.orderId,
          orderNumber: r.orderNumber,
          vendorId: r.vendorId,
          sellerName: r.items[0]?.sellerName ?? '',
          receivedAt: iso(r.receivedAt)!,
          condition: r.condition,
          reason: r.reason,
          items: r.items.map((i) => ({ name: i.name, quantity: i.quantity - i.cancelledQuantity })),
          units,
          valuePaise: r.items.reduce((n, i) => n + lineRefundPaise(i, i.quantity - i.cancelledQuantity), 0),
          taxablePaise: r.items.reduce((n, i) => n + Math.round((i.taxablePaise * (i.quantity - i.cancelledQuantity)) / i.quantity), 0),
          refundedAt: iso(r.refundedAt),
        };
      });
      const totals = zero();
      const bySeller = new Map<string, ReturnsReport['bySeller'][number]>();
      for (const row of rows) {
        add(totals, row);
        const s = bySeller.get(row.vendorId) ?? { vendorId: row.vendorId, sellerName: row.sellerName, ...zero() };
        add(s, row);
        bySeller.set(row.vendorId, s);
      }
      return {
        month,
        seller,
        sellers,
        rows,
        bySeller: [...bySeller.values()].sort((a, b) => b.valuePaise - a.valuePaise || a.sellerName.localeCompare(b.sellerName)),
        totals,
      };
    },
  };
}
export type ReturnsReports = ReturnType<typeof createReturnsReport>;

/** The returns report as CSV (UTF-8 with BOM, rupees with two decimals, India dates): the returns, then the totals per seller. */
export function returnsCsv(r: ReturnsReport): string {
  const day = (at: string | null) => (at ? indiaDay(new Date(at)) : '');
  const rows: (string | number)[][] = [
    ['Returns report', r.month, r.seller ? `${r.seller.name} ${r.seller.gstin ?? ''}`.trim() : 'All sellers'],
    [],
    ['Received', 'Order', 'Seller', 'Items', 'Units', 'Condition', 'Value (GST included)', 'Taxable value', 'Refunded', 'Reason'],
    ...r.rows.map((x) => [
      day(x.receivedAt),
      x.orderNumber,
      x.sellerName,
      x.items.map((i) => `${i.quantity} x ${i.name}`).join('; '),
      x.units,
      RETURN_CONDITION_LABELS[x.condition],
      rupees(x.valuePaise),
      rupees(x.taxablePaise),
      day(x.refundedAt) || 'Not yet',
      x.reason ?? '',
    ]),
    [],
    ['Seller', 'Returns', 'Units', 'Value', 'Back in stock (units)', 'Back in stock (value)', 'Written off (units)', 'Written off (value)'],
    ...[...r.bySeller, { sellerName: 'Total', ...r.totals }].map((s) => [
      s.sellerName,
      s.returns,
      s.units,
      rupees(s.valuePaise),
      s.resellableUnits,
      rupees(s.resellablePaise),
      s.damagedUnits,
      rupees(s.damagedPaise),
    ]),
  ];
  return toCsv(rows);
}

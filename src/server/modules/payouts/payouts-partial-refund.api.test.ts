import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, LedgerResponse, PayoutDetail, VendorPayouts } from '~/shared/schemas/payouts';
import type { PayoutsReport, TcsReport } from '~/shared/schemas/reports';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { payoutsFixtures, type SignedInVendor } from './payouts.fixtures';
import { shareOf } from './tax-rates';

/**
 * Issue 12: an admin refunds chosen units of a delivered order; the seller is owed less for exactly
 * those units, in the same transaction — before the line is paid out, or from the seller's next
 * payout when it was — and the customer is told by e-mail.
 */
const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);
const DAY_MS = 86_400_000;

let admin: string;
beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
});

const get = async <T>(url: string, cookie = admin): Promise<T> => {
  const res = await json(kit.t.app, 'GET', url, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
/** An admin's refund of some units; a bank transfer (cash on delivery) goes to the account recorded for it first. */
const refund = async (orderId: string, body: { bankReference?: string; [field: string]: unknown }) => {
  if (body.bankReference) await kit.recordRefundAccount(orderId, admin);
  return json(kit.t.app, 'POST', `/api/admin/orders/${orderId}/refund-lines`, body, admin);
};
const summaryOf = async (v: SignedInVendor) => (await get<VendorPayouts>('/api/vendor/payouts', v.cookie)).summary;
const ledgerOf = (v: SignedInVendor, orderNumber: string) =>
  get<LedgerResponse>(`/api/vendor/payouts/ledger?pageSize=100&q=${orderNumber}`, v.cookie);
const saleOf = async (v: SignedInVendor, orderNumber: string) =>
  (await ledgerOf(v, orderNumber)).items.find((e) => e.kind === 'sale' && e.orderNumber === orderNumber)!;

/** One unit's share of a 2-unit sale entry, each figure on its own, TCS by halves: what a refund of it takes back. */
function firstOfTwo(sale: LedgerEntry) {
  const half = (paise: number) => shareOf(paise, 1, 2);
  const unit = {
    salePaise: half(sale.salePaise),
    taxablePaise: half(sale.taxablePaise),
    commissionPaise: half(sale.commissionPaise),
    commissionGstPaise: half(sale.commissionGstPaise),
    tcsPaise: sale.intraState ? 2 * half(sale.tcsPaise / 2) : half(sale.tcsPaise),
    tdsPaise: half(sale.tdsPaise),
  };
  return { ...unit, netPaise: unit.salePaise - unit.commissionPaise - unit.commissionGstPaise - unit.tcsPaise - unit.tdsPaise };
}
const negative = (u: ReturnType<typeof firstOfTwo>) => Object.fromEntries(Object.entries(u).map(([k, v]) => [k, -v]));

async function mailsOf(template: string, orderNumber: string) {
  return kit.rows<{ to_address: string; email: string; subject: string; text: string }>(sql`
    select m.to_address, u.email, m.subject, m.text
      from mail_messages m join orders o on o.order_number = m.data->>'orderNumber' join users u on u.id = o.user_id
     where m.template = ${template} and m.data->>'orderNumber' = ${orderNumber} order by m.created_at`);
}

describe('an admin refunds some units of a delivered line', () => {
  it("takes exactly that unit's net off the seller's balance, once, even when the last unit is refunded twice at once", async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const { order, product } = await f.deliveredOrder(vendor, 2);
    const item = order.items[0]!;
    const sale = await saleOf(vendor, order.orderNumber);
    const before = await summaryOf(vendor);
    expect(sale).toMatchObject({ quantity: 2, state: 'in_return_window', description: '2 × ' + product.category });

    const first = await refund(order.id, {
      lines: [{ itemId: item.id, quantity: 1 }],
      reason: 'One unit arrived with a cracked screen',
      bankReference: 'HDFCN52026112500041',
    });
    expect(first.statusCode, first.body).toBe(200);
    const unit = firstOfTwo(sale);
    // What the customer got back is the unit's sale value the seller gives up.
    const [money] = await kit.rows<{ amount_paise: number }>(sql`select amount_paise from refunds where order_id = ${order.id}`);
    expect(money!.amount_paise).toBe(unit.salePaise);

    const after = await summaryOf(vendor);
    expect(after.inReturnWindowPaise).toBe(before.inReturnWindowPaise - unit.netPaise);
    expect(after.payableNowPaise).toBe(before.payableNowPaise);
    const ledger = await ledgerOf(vendor, order.orderNumber);
    expect(ledger.items.find((e) => e.id === sale.id)).toMatchObject({ quantity: 2, netPaise: sale.netPaise, state: 'in_return_window' });
    expect(ledger.items.find((e) => e.kind === 'refund')).toMatchObject({
      quantity: -1,
      ...negative(unit),
      state: 'in_return_window',
      payableAt: sale.payableAt,
      description: `Refund of 1 × ${item.name} on order ${order.orderNumber}`,
    });
    expect(ledger.totals.netPaise).toBe(sale.netPaise - unit.netPaise);

    // Two admins refund the last unit at once (to the account recorded for the first refund): one refund,
    // and the line leaves the ledger once.
    const body = { lines: [{ itemId: item.id, quantity: 1 }], reason: 'Second unit faulty', bankReference: 'HDFCN52026112500042' };
    const twice = await Promise.all([1, 2].map(() => json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/refund-lines`, body, admin)));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await kit.rows(sql`select id from refunds where order_id = ${order.id}`)).length).toBe(2);
    const entries = await kit.rows<{ kind: string; quantity: number; reversed: boolean }>(sql`
      select kind, quantity, reversed_at is not null as reversed from vendor_ledger_entries where order_id = ${order.id} order by kind desc`);
    expect(entries).toEqual([
      { kind: 'sale', quantity: 2, reversed: true },
      { kind: 'refund', quantity: -1, reversed: true },
    ]);
    expect((await summaryOf(vendor)).inReturnWindowPaise).toBe(before.inReturnWindowPaise - sale.netPaise);
    expect((await ledgerOf(vendor, order.orderNumber)).totals.netPaise).toBe(0);

    // The admin's audit entry says what the seller's ledger lost.
    const audit = await kit.rows<{ after: { sellerLedger: { quantity: number; netPaise: number; how: string }[] } }>(
      sql`select after from audit_log where action = 'order.refund_lines' and entity_id = ${order.id} order by id`,
    );
    expect(audit.map((a) => a.after.sellerLedger)).toEqual([
      [expect.objectContaining({ quantity: 1, netPaise: unit.netPaise, how: 'deducted' })],
      [expect.objectContaining({ quantity: 1, netPaise: sale.netPaise - unit.netPaise, how: 'reversed' })],
    ]);

    // The customer is told of each refund, with the bank transfer's UTR.
    const mails = await mailsOf('order_partly_refunded', order.orderNumber);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.to_address).toBe(mails[0]!.email);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Refund of ₹[\\d,]+\\.\\d\\d for an item of order ${order.orderNumber}$`));
    expect(mails[0]!.text).toContain(`1 × ${item.name}`);
    expect(mails[0]!.text).toContain('One unit arrived with a cracked screen');
    expect(mails[0]!.text).toContain('by bank transfer to the account you gave us (UTR HDFCN52026112500041)');
  });

  it("leaves every seller's ledger alone for the delivery charge, the shop's own, and balances when the rest is refunded", async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const { order } = await f.deliveredOrder(vendor, 2, undefined, 'express');
    const item = order.items[0]!;
    const shipping = order.totals.shippingPaise;
    expect(shipping).toBeGreaterThan(0);
    const sale = await saleOf(vendor, order.orderNumber);
    const before = await summaryOf(vendor);

    const delivery = await refund(order.id, {
      includeDelivery: true,
      reason: 'Delivered two days late',
      bankReference: 'HDFCN52026112500051',
    });
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect(await summaryOf(vendor)).toEqual(before);
    const ledger = await ledgerOf(vendor, order.orderNumber);
    expect(ledger.items).toEqual([expect.objectContaining({ id: sale.id, kind: 'sale', netPaise: sale.netPaise })]);
    expect(ledger.totals.netPaise).toBe(sale.netPaise);
    const [audit] = await kit.rows<{ after: { sellerLedger: unknown[]; deliveryPaise: number } }>(
      sql`select after from audit_log where action = 'order.refund_lines' and entity_id = ${order.id}`,
    );
    expect(audit!.after).toMatchObject({ sellerLedger: [], deliveryPaise: shipping });

    // The units follow: the line leaves the ledger, and the money back is exactly what was paid.
    const rest = await refund(order.id, {
      lines: [{ itemId: item.id, quantity: 2 }],
      reason: 'Both units faulty',
      bankReference: 'HDFCN52026112500052',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await summaryOf(vendor)).inReturnWindowPaise).toBe(before.inReturnWindowPaise - sale.netPaise);
    expect((await ledgerOf(vendor, order.orderNumber)).totals.netPaise).toBe(0);
    const [money] = await kit.rows<{ refunded: string }>(
      sql`select sum(amount_paise)::bigint as refunded from refunds where order_id = ${order.id}`,
    );
    expect(Number(money!.refunded)).toBe(order.totals.totalPaise);
    expect(Number(money!.refunded)).toBe(sale.salePaise + shipping);
  });

  it('e-mails the customer of a prepaid order that the money goes back to their UPI, with the refund reference', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.shopVendor);
    const product = await f.productOf(vendor.vendorId);
    const { cookie, addressId } = await kit.customerWithAddress();
    const { order } = await kit.placed(cookie, {
      items: [{ productId: product.id, quantity: 2 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
    await f.ship(vendor, order.id);
    await f.deliver(vendor, order.id);
    const detail = await kit.getOrder(cookie, order.id);
    const sale = await saleOf(vendor, order.orderNumber);

    const res = await refund(order.id, { lines: [{ itemId: detail.items[0]!.id, quantity: 1 }], reason: 'Missing charger' });
    expect(res.statusCode, res.body).toBe(200);
    const [provider] = await kit.rows<{ provider_refund_id: string; amount_paise: number }>(
      sql`select provider_refund_id, amount_paise from refunds where order_id = ${order.id}`,
    );
    const mails = await mailsOf('order_partly_refunded', order.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`It goes back to your UPI (refund reference ${provider!.provider_refund_id})`);
    // Paid by UPI: the time the returns page gives for UPI, not a card's.
    expect(mails[0]!.text).toContain('banks take 2–4 working days to show it');
    expect((await saleOf(vendor, order.orderNumber)).netPaise).toBe(sale.netPaise);
    expect((await ledgerOf(vendor, order.orderNumber)).totals.netPaise).toBe(sale.netPaise - firstOfTwo(sale).netPaise);
  });

  it('leaves a unit refunded after shipping but before delivery out of the ledger when the line is delivered', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.shopVendor);
    const product = await f.productOf(vendor.vendorId);
    const { cookie, addressId } = await kit.customerWithAddress();
    const { order } = await kit.placed(cookie, {
      items: [{ productId: product.id, quantity: 2 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
    await f.ship(vendor, order.id);
    const item = (await kit.getOrder(cookie, order.id)).items[0]!;
    const res = await refund(order.id, { lines: [{ itemId: item.id, quantity: 1 }], reason: 'One unit lost in transit' });
    expect(res.statusCode, res.body).toBe(200);
    await f.deliver(vendor, order.id);
    const ledger = await ledgerOf(vendor, order.orderNumber);
    expect(ledger.items).toHaveLength(1);
    expect(ledger.items[0]).toMatchObject({
      kind: 'sale',
      quantity: 1,
      salePaise: shareOf(item.lineTotalPaise - item.discountPaise, 1, 2),
    });
  });

  it('after the line was paid out, deducts the unit from the next payout without touching the paid one', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const payouts = kit.t.services.payoutsService;
    const { order } = await f.deliveredOrder(vendor, 2);
    await f.deliveredDaysAgo(order.id, 30);
    await payouts.settle(new Date(Date.now() - 7 * DAY_MS));
    const sale = await saleOf(vendor, order.orderNumber);
    expect(sale.payoutId).toBeTruthy();
    const paid = await json(kit.t.app, 'POST', `/api/admin/payouts/${sale.payoutId}/paid`, { bankReference: 'HDFCN52026112400123' }, admin);
    expect(paid.statusCode, paid.body).toBe(200);
    const [paidBefore] = await kit.rows(sql`select * from payouts where id = ${sale.payoutId}`);
    const before = await summaryOf(vendor);

    const res = await refund(order.id, {
      lines: [{ itemId: order.items[0]!.id, quantity: 1 }],
      reason: 'Keyboard fault found after a month',
      bankReference: 'HDFCN52026112500043',
    });
    expect(res.statusCode, res.body).toBe(200);
    const unit = firstOfTwo(sale);
    const deduction = (await ledgerOf(vendor, order.orderNumber)).items.find((e) => e.kind === 'refund')!;
    expect(deduction).toMatchObject({ quantity: -1, ...negative(unit), state: 'payable', payoutId: null });
    // The paid payout is as it was; the seller owes the unit back until its next payout.
    expect(await kit.rows(sql`select * from payouts where id = ${sale.payoutId}`)).toEqual([paidBefore]);
    const after = await summaryOf(vendor);
    expect(after.paidPaise).toBe(before.paidPaise);
    expect(after.payableNowPaise).toBe(before.payableNowPaise - unit.netPaise);

    // A week with nothing but the deduction makes no payout (it would be negative): the deduction waits.
    const nextWeek = new Date(Date.now() + 7 * DAY_MS);
    await payouts.settle(nextWeek);
    expect((await ledgerOf(vendor, order.orderNumber)).items.find((e) => e.kind === 'refund')!.payoutId).toBeNull();

    // The seller's next sale: the next payout pays it less the refunded unit.
    const { order: next } = await f.deliveredOrder(vendor, 1);
    await f.deliveredDaysAgo(next.id, 30);
    await payouts.settle(nextWeek);
    const nextSale = await saleOf(vendor, next.orderNumber);
    expect(nextSale.payoutId).toBeTruthy();
    expect(nextSale.payoutId).not.toBe(sale.payoutId);
    const detail = await get<PayoutDetail>(`/api/vendor/payouts/${nextSale.payoutId}`, vendor.cookie);
    expect(detail.payout).toMatchObject({ entries: 2, netPaise: nextSale.netPaise - unit.netPaise, status: 'pending' });
    expect(detail.entries.map((e) => e.description)).toEqual(
      expect.arrayContaining([`Refund of 1 × ${order.items[0]!.name} on order ${order.orderNumber}`]),
    );
    expect(
      (await get<{ items: { id: string; netPaise: number }[] }>('/api/admin/payouts?status=pending')).items.find(
        (p) => p.id === nextSale.payoutId,
      )?.netPaise,
    ).toBe(nextSale.netPaise - unit.netPaise);

    // The month's statement shows the deduction as a line of its own, and its totals still add up.
    const month = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' })
      .format(new Date())
      .slice(0, 7);
    const csv = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/payouts/statements/${month}.csv`,
      headers: { cookie: vendor.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const line = rows.find((r) => r.description?.startsWith('Refund of 1 × '))!;
    expect(line).toMatchObject({ order: order.orderNumber, quantity: '-1', description: deduction.description });
    expect(Math.round(Number(line.net) * 100)).toBe(-unit.netPaise);
    const live = rows.slice(0, -1).filter((r) => r.state !== 'Refunded (reversed)');
    const total = rows.at(-1)!;
    for (const k of ['sale', 'commission', 'gst_on_commission', 'tcs', 'tds', 'net'])
      expect(Math.round(Number(total[k]) * 100), k).toBe(live.reduce((n, r) => n + Math.round(Number(r[k]) * 100), 0));
    const pdf = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/payouts/statements/${month}.pdf`,
      headers: { cookie: vendor.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The whole line refunded now that a unit of it is paid out: the other unit is deducted too, never more.
    const rest = await refund(order.id, {
      lines: [{ itemId: order.items[0]!.id, quantity: 1 }],
      reason: 'Second unit has the same fault',
      bankReference: 'HDFCN52026112500044',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const [sum] = await kit.rows<{ net: number; quantity: number }>(sql`
      select sum(net_paise)::int as net, sum(quantity)::int as quantity from vendor_ledger_entries
       where order_id = ${order.id} and reversed_at is null`);
    expect(sum).toEqual({ net: 0, quantity: 0 });
  });
});

describe('the TCS and payouts reports after refunds of delivered units', () => {
  const ist = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM')`);

  it('reconcile to the paisa with the ledger, every month and over all months, per seller', async () => {
    const months = (
      await kit.rows<{ month: string }>(sql`
        select ${ist('delivered_at')} as month from vendor_ledger_entries
        union select ${ist('reversed_at')} from vendor_ledger_entries where reversed_at is not null order by 1`)
    ).map((r) => r.month);
    const [refunds] = await kit.rows<{ n: number }>(sql`select count(*)::int as n from vendor_ledger_entries where kind = 'refund'`);
    expect(refunds!.n).toBeGreaterThanOrEqual(4);

    const lifetime = new Map<string, { taxable: number; tcs: number; net: number; paid: number }>();
    for (const month of months) {
      const tcs = await get<TcsReport>(`/api/admin/reports/tcs?month=${month}`);
      const ledger = await kit.rows<{ vendor_id: string; gross: string; returns: string; tcs: string }>(sql`
        select vendor_id,
               sum(case when kind = 'sale' and ${ist('delivered_at')} = ${month} then taxable_paise else 0 end)::bigint as gross,
               (sum(case when kind = 'refund' and ${ist('delivered_at')} = ${month} then -taxable_paise else 0 end)
                 + sum(case when ${ist('reversed_at')} = ${month} then taxable_paise else 0 end))::bigint as returns,
               (sum(case when ${ist('delivered_at')} = ${month} then tcs_paise else 0 end)
                 - sum(case when ${ist('reversed_at')} = ${month} then tcs_paise else 0 end))::bigint as tcs
          from vendor_ledger_entries
         -- The shop's own store is not in GSTR-8 (decision 51).
         where (${ist('delivered_at')} = ${month} or ${ist('reversed_at')} = ${month}) and not first_party
         group by vendor_id`);
      expect(tcs.rows.length, month).toBe(ledger.length);
      for (const l of ledger) {
        const row = tcs.rows.find((r) => r.vendorId === l.vendor_id)!;
        expect({ gross: row.grossPaise, returns: row.returnsPaise, tcs: row.tcsPaise }, month).toEqual({
          gross: Number(l.gross),
          returns: Number(l.returns),
          tcs: Number(l.tcs),
        });
        expect(row.tcsCgstPaise).toBe(row.tcsSgstPaise);
        expect(row.tcsCgstPaise + row.tcsSgstPaise + row.tcsIgstPaise).toBe(row.tcsPaise);
      }
      const report = await get<PayoutsReport>(`/api/admin/reports/payouts?month=${month}`);
      for (const row of [...report.rows, report.totals]) {
        expect(row.paidPaise + row.outstandingPaise).toBe(row.netPaise);
        expect(row.salePaise - row.commissionPaise - row.commissionGstPaise - row.tcsPaise - row.tdsPaise).toBe(row.netPaise);
      }
      for (const r of tcs.rows) {
        const sum = lifetime.get(r.vendorId) ?? { taxable: 0, tcs: 0, net: 0, paid: 0 };
        lifetime.set(r.vendorId, { ...sum, taxable: sum.taxable + r.netPaise, tcs: sum.tcs + r.tcsPaise });
      }
      for (const r of report.rows) {
        const sum = lifetime.get(r.vendorId) ?? { taxable: 0, tcs: 0, net: 0, paid: 0 };
        lifetime.set(r.vendorId, { ...sum, net: sum.net + r.netPaise, paid: sum.paid + r.paidPaise });
      }
    }
    // Over all months: TCS on exactly what each seller kept sold, the net each is owed, and what its paid payouts paid.
    // The shop's own store supplies nothing through the marketplace: none of its value is in GSTR-8 (decision 51).
    const owed = await kit.rows<{ vendor_id: string; taxable: number; tcs: number; net: number; paid: number }>(sql`
      select e.vendor_id, coalesce(sum(e.taxable_paise) filter (where not e.first_party), 0)::int as taxable, sum(e.tcs_paise)::int as tcs, sum(e.net_paise)::int as net,
             (select coalesce(sum(p.net_paise), 0)::int from payouts p where p.vendor_id = e.vendor_id and p.status = 'paid') as paid
        from vendor_ledger_entries e where e.reversed_at is null group by e.vendor_id`);
    for (const o of owed)
      expect(lifetime.get(o.vendor_id), o.vendor_id).toEqual({ taxable: o.taxable, tcs: o.tcs, net: o.net, paid: o.paid });
  });
});

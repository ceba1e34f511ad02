import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutsReport, TcsReport } from '~/shared/schemas/reports';
import { SHOP } from '~/shared/constants';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { seedDemoOrders } from '../../ops/seed/orders/seed-orders';
import { seedDemoPayouts } from '../../ops/seed/orders/seed-payouts';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/** The TCS (GSTR-8) and payouts reports agree with the demo shop's vendor ledger to the paisa (decision 19). */
let t: TestApp;
let admin: string;
let months: string[];
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.services.database.db.execute<T>(query)).rows as T[];
const get = async <T>(url: string) => {
  const res = await json(t.app, 'GET', url, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const ist = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM')`);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
  await t.services.authService.registerAccount(DEMO_ACCOUNTS.admin, 'admin', null);
  await t.services.authService.registerAccount(DEMO_ACCOUNTS.customer, 'customer', null);
  await seedDemoOrders(t.services);
  await seedDemoPayouts(t.services);
  admin = (await signInAdmin(t)).cookie;
  months = (
    await rows<{ month: string }>(sql`
      select ${ist('delivered_at')} as month from vendor_ledger_entries
      union select ${ist('reversed_at')} from vendor_ledger_entries where reversed_at is not null order by 1`)
  ).map((r) => r.month);
}, 180_000);
afterAll(() => t.close());

describe('GET /api/admin/reports/tcs', () => {
  it("equals, every month, the ledger's TCS of the lines delivered less those reversed, per seller GSTIN", async () => {
    expect(months.length).toBeGreaterThan(0);
    let returns = 0;
    for (const month of months) {
      const r = await get<TcsReport>(`/api/admin/reports/tcs?month=${month}`);
      expect(r.rateBp).toBe(50);
      const ledger = await rows<{ vendor_id: string; gross: string; returns: string; tcs: string; igst: string }>(sql`
        select vendor_id,
               sum(case when kind = 'sale' and ${ist('delivered_at')} = ${month} then taxable_paise else 0 end)::bigint as gross,
               -- Units refunded from a delivered line are returns in the month of their refund.
               (sum(case when kind = 'refund' and ${ist('delivered_at')} = ${month} then -taxable_paise else 0 end)
                 + sum(case when ${ist('reversed_at')} = ${month} then taxable_paise else 0 end))::bigint as returns,
               (sum(case when ${ist('delivered_at')} = ${month} then tcs_paise else 0 end)
                 - sum(case when ${ist('reversed_at')} = ${month} then tcs_paise else 0 end))::bigint as tcs,
               (sum(case when ${ist('delivered_at')} = ${month} and not intra_state then tcs_paise else 0 end)
                 - sum(case when ${ist('reversed_at')} = ${month} and not intra_state then tcs_paise else 0 end))::bigint as igst
          from vendor_ledger_entries
         -- The shop's own store supplies nothing through itself: not in GSTR-8 (decision 51).
         where (${ist('delivered_at')} = ${month} or ${ist('reversed_at')} = ${month}) and not first_party
         group by vendor_id`);
      expect(r.rows.length, month).toBe(ledger.length);
      expect(
        r.rows.map((x) => x.gstin),
        month,
      ).not.toContain(SHOP.gstin);
      for (const l of ledger) {
        const row = r.rows.find((x) => x.vendorId === l.vendor_id)!;
        expect(row.gstin, month).toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/);
        expect(
          { gross: row.grossPaise, returns: row.returnsPaise, net: row.netPaise, tcs: row.tcsPaise, igst: row.tcsIgstPaise },
          month,
        ).toEqual({
          gross: Number(l.gross),
          returns: Number(l.returns),
          net: Number(l.gross) - Number(l.returns),
          tcs: Number(l.tcs),
          igst: Number(l.igst),
        });
        expect(row.tcsCgstPaise).toBe(row.tcsSgstPaise);
        expect(row.tcsCgstPaise + row.tcsSgstPaise + row.tcsIgstPaise).toBe(row.tcsPaise);
      }
      expect(r.totals.tcsPaise).toBe(ledger.reduce((s, l) => s + Number(l.tcs), 0));
      returns += r.totals.returnsPaise;
    }
    expect(returns).toBeGreaterThan(0);
  });

  it('downloads as CSV with a row per GSTIN and the total', async () => {
    const month = months.at(-1)!;
    const r = await get<TcsReport>(`/api/admin/reports/tcs?month=${month}`);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/reports/tcs.csv?month=${month}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tcs-${month}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[1]).toMatch(/^GSTIN of supplier,Seller,Gross value of supplies/);
    expect(lines).toHaveLength(r.rows.length + 3);
    expect(lines.at(-1)).toMatch(new RegExp(`^Total,,.*,${(r.totals.tcsPaise / 100).toFixed(2).replace('.', '\\.')}$`));
  });
});

describe('GET /api/admin/reports/payouts', () => {
  it("equals, every month, the ledger's lines delivered in it, with paid and outstanding adding up to net", async () => {
    let paid = 0;
    let ownStoreMonths = 0;
    for (const month of months) {
      const r = await get<PayoutsReport>(`/api/admin/reports/payouts?month=${month}`);
      const [l] = await rows<Record<string, string>>(sql`
        select count(*)::int as lines, coalesce(sum(e.sale_paise), 0)::bigint as sale, coalesce(sum(e.commission_paise), 0)::bigint as commission,
               coalesce(sum(e.commission_gst_paise), 0)::bigint as gst, coalesce(sum(e.tcs_paise), 0)::bigint as tcs,
               coalesce(sum(e.tds_paise), 0)::bigint as tds, coalesce(sum(e.net_paise), 0)::bigint as net,
               coalesce(sum(e.net_paise) filter (where p.status = 'paid'), 0)::bigint as paid
          from vendor_ledger_entries e left join payouts p on p.id = e.payout_id
         where ${ist('e.delivered_at')} = ${month} and e.reversed_at is null`);
      const tt = r.totals;
      expect(
        [tt.lines, tt.salePaise, tt.commissionPaise, tt.commissionGstPaise, tt.tcsPaise, tt.tdsPaise, tt.netPaise, tt.paidPaise],
        month,
      ).toEqual([l!.lines, l!.sale, l!.commission, l!.gst, l!.tcs, l!.tds, l!.net, l!.paid].map(Number));
      for (const row of [...r.rows, tt]) {
        expect(row.paidPaise + row.outstandingPaise).toBe(row.netPaise);
        expect(row.salePaise - row.commissionPaise - row.commissionGstPaise - row.tcsPaise - row.tdsPaise).toBe(row.netPaise);
      }
      // The shop's own store is paid its sales whole; every other seller is charged (decision 51).
      for (const row of r.rows) {
        const deducted = row.commissionPaise + row.commissionGstPaise + row.tcsPaise + row.tdsPaise;
        if (row.gstin === SHOP.gstin) {
          expect({ ownStore: row.ownStore, deducted, net: row.netPaise }, month).toEqual({
            ownStore: true,
            deducted: 0,
            net: row.salePaise,
          });
          ownStoreMonths += 1;
        } else {
          expect({ ownStore: row.ownStore, charged: deducted > 0 }, `${month} ${row.sellerName}`).toEqual({
            ownStore: false,
            charged: true,
          });
        }
      }
      paid += tt.paidPaise;
    }
    expect(paid).toBeGreaterThan(0);
    expect(ownStoreMonths).toBeGreaterThan(0);
    const month = months.at(-1)!;
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/reports/payouts.csv?month=${month}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payouts-${month}.csv"`);
    expect(res.body).toContain('Seller,GSTIN,Lines,Sales,Commission,GST on commission,TCS,TDS,Net,Paid,Outstanding');
  });

  it('refuses a bad month with a field error, and is for admins only', async () => {
    const customer = await signUpCustomer(t);
    const vendor = await signUpVendor(t);
    for (const url of [
      '/api/admin/reports/tcs',
      '/api/admin/reports/tcs.csv',
      '/api/admin/reports/payouts',
      '/api/admin/reports/payouts.csv',
    ]) {
      const bad = await json(t.app, 'GET', `${url}?month=2026-1`, undefined, admin);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().error.fields?.month, url).toBeTruthy();
      expect((await json(t.app, 'GET', url, undefined, customer.cookie)).statusCode, url).toBe(403);
      expect((await json(t.app, 'GET', url, undefined, vendor.cookie)).statusCode, url).toBe(403);
      expect((await json(t.app, 'GET', url)).statusCode, url).toBe(401);
    }
  });
});

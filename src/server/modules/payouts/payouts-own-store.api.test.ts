import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHOP } from '~/shared/constants';
import { gstinCheckCharacter } from '~/shared/gstin';
import type { AdminPayoutsResponse, VendorPayouts } from '~/shared/schemas/payouts';
import type { PayoutsReport, TcsReport } from '~/shared/schemas/reports';
import type { ShopSettings } from '~/shared/schemas/settings';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { payoutsFixtures } from './payouts.fixtures';
import type { EntryRow } from './payouts.repo';
import { ledgerFigures } from './tax-rates';

/** The shop's own store (its GSTIN is the shop's) is charged no commission, TCS or TDS, and is not in GSTR-8 (decision 51). */
const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);

const { get } = f;
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date()).slice(0, 7);

type Entry = Pick<
  EntryRow,
  | 'sale_paise'
  | 'taxable_paise'
  | 'commission_rate_bp'
  | 'commission_paise'
  | 'commission_gst_paise'
  | 'tcs_paise'
  | 'tds_paise'
  | 'net_paise'
  | 'intra_state'
> & { vendor_id: string; first_party: boolean };
const entriesOf = (orderId: string) =>
  kit.rows<Entry>(sql`select * from vendor_ledger_entries where order_id = ${orderId} and kind = 'sale' order by vendor_id`);

describe("the shop's own store", () => {
  it('is paid its whole sale on an order it shares with another seller, who is charged as before; GSTR-8 leaves it out', async () => {
    const [own, other] = await Promise.all([DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.khargharVendor].map((v) => f.signInVendor(v)));
    const placed = await f.placeOrder([
      { vendor: own!, quantity: 2 },
      { vendor: other!, quantity: 1 },
    ]);
    for (const v of [own!, other!]) {
      await f.ship(v, placed.order.id);
      await f.deliver(v, placed.order.id);
    }
    const entries = await entriesOf(placed.order.id);
    const ownLine = entries.find((e) => e.vendor_id === own!.vendorId)!;
    const otherLine = entries.find((e) => e.vendor_id === other!.vendorId)!;
    expect(ownLine).toMatchObject({
      first_party: true,
      commission_rate_bp: 0,
      commission_paise: 0,
      commission_gst_paise: 0,
      tcs_paise: 0,
      tds_paise: 0,
      net_paise: ownLine.sale_paise,
    });
    expect(ownLine.sale_paise).toBe(2 * placed.products[0]!.price_paise);

    // The other seller: the category's rate, and every deduction as before.
    const [{ rate_bp: rate } = { rate_bp: -1 }] = await kit.rows<{ rate_bp: number }>(
      sql`select rate_bp from commission_rates where category = ${placed.products[1]!.category}`,
    );
    expect(otherLine).toMatchObject({ first_party: false, commission_rate_bp: rate });
    expect(otherLine.commission_paise).toBeGreaterThan(0);
    expect(otherLine.tcs_paise).toBeGreaterThan(0);
    expect(otherLine.tds_paise).toBeGreaterThan(0);
    expect({
      commissionPaise: otherLine.commission_paise,
      commissionGstPaise: otherLine.commission_gst_paise,
      tcsPaise: otherLine.tcs_paise,
      tdsPaise: otherLine.tds_paise,
      netPaise: otherLine.net_paise,
    }).toEqual(
      ledgerFigures({
        salePaise: otherLine.sale_paise,
        taxablePaise: otherLine.taxable_paise,
        commissionRateBp: rate,
        intraState: otherLine.intra_state,
        hasPan: true,
      }),
    );

    // GSTR-8 for the month: the other seller with its TCS; the own store not at all.
    const admin = (await signInAdmin(kit.t)).cookie;
    const month = thisMonth();
    const tcs = await get<TcsReport>(`/api/admin/reports/tcs?month=${month}`, admin);
    expect(tcs.rows.map((r) => r.vendorId)).not.toContain(own!.vendorId);
    expect(tcs.rows.map((r) => r.gstin)).not.toContain(SHOP.gstin);
    const [otherTcs] = await kit.rows<{ tcs: string; taxable: string }>(sql`
      select sum(tcs_paise)::bigint as tcs, sum(taxable_paise)::bigint as taxable from vendor_ledger_entries
       where vendor_id = ${other!.vendorId} and to_char(delivered_at at time zone 'Asia/Kolkata', 'YYYY-MM') = ${month}`);
    expect(tcs.rows.find((r) => r.vendorId === other!.vendorId)).toMatchObject({
      tcsPaise: Number(otherTcs!.tcs),
      grossPaise: Number(otherTcs!.taxable),
    });
    const csv = (await kit.t.app.inject({ method: 'GET', url: `/api/admin/reports/tcs.csv?month=${month}`, headers: { cookie: admin } }))
      .body;
    expect(csv).not.toContain(SHOP.gstin);

    // The payouts report: the own store's row is its sales whole; the totals add up over the sellers.
    const report = await get<PayoutsReport>(`/api/admin/reports/payouts?month=${month}`, admin);
    const ownRow = report.rows.find((r) => r.vendorId === own!.vendorId)!;
    expect(ownRow).toMatchObject({
      ownStore: true,
      salePaise: ownLine.sale_paise,
      commissionPaise: 0,
      commissionGstPaise: 0,
      tcsPaise: 0,
      tdsPaise: 0,
      netPaise: ownLine.sale_paise,
    });
    expect(report.rows.find((r) => r.vendorId === other!.vendorId)).toMatchObject({ ownStore: false });
    for (const key of ['salePaise', 'commissionPaise', 'tcsPaise', 'tdsPaise', 'netPaise'] as const) {
      expect(report.totals[key], key).toBe(report.rows.reduce((n, r) => n + r[key], 0));
    }
    expect(report.totals.tcsPaise).toBe(tcs.totals.tcsPaise);

    // What each seller reads on its payouts page.
    expect((await get<VendorPayouts>('/api/vendor/payouts', own!.cookie)).rates.ownStore).toBe(true);
    expect((await get<VendorPayouts>('/api/vendor/payouts', other!.cookie)).rates.ownStore).toBe(false);

    // Settled into a weekly payout, the admin's list marks it as the own store's, with nothing deducted.
    await f.deliveredDaysAgo(placed.order.id, 21);
    await kit.t.services.payoutsService.settle();
    const payouts = await get<AdminPayoutsResponse>(`/api/admin/payouts?vendorId=${own!.vendorId}`, admin);
    expect(payouts.items[0]).toMatchObject({
      ownStore: true,
      commissionPaise: 0,
      commissionGstPaise: 0,
      tcsPaise: 0,
      tdsPaise: 0,
      netPaise: ownLine.sale_paise,
    });
    const others = await get<AdminPayoutsResponse>(`/api/admin/payouts?vendorId=${other!.vendorId}`, admin);
    expect(others.items[0]).toMatchObject({ ownStore: false, tcsPaise: otherLine.tcs_paise });
  });

  it('is judged when a line is delivered: after the shop’s GSTIN changes, recorded lines keep their figures and new ones are charged', async () => {
    const own = await f.signInVendor(DEMO_ACCOUNTS.shopVendor);
    const before = await f.deliveredOrder(own, 1);
    const [recorded] = await entriesOf(before.order.id);
    expect(recorded).toMatchObject({ first_party: true, tcs_paise: 0 });

    // The shop registers under another GSTIN (a valid one, of no seller).
    const admin = (await signInAdmin(kit.t)).cookie;
    const current = await get<{ settings: ShopSettings; version: number }>('/api/admin/settings', admin);
    const first14 = '27AAUFS9999K1Z';
    const next = { ...current.settings, invoice: { ...current.settings.invoice, gstin: first14 + gstinCheckCharacter(first14) } };
    const saved = await json(kit.t.app, 'PUT', '/api/admin/settings', { settings: next, version: current.version }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    // Another process's settings are fresh within SETTINGS_FRESH_MS; this one dropped its copy on saving.
    const after = await f.deliveredOrder(own, 1);
    const [charged] = await entriesOf(after.order.id);
    expect(charged!.first_party).toBe(false);
    expect(charged!.commission_paise).toBeGreaterThan(0);
    expect(charged!.tcs_paise).toBeGreaterThan(0);
    expect(charged!.tds_paise).toBeGreaterThan(0);
    expect((await entriesOf(before.order.id))[0]).toEqual(recorded);
    expect((await get<VendorPayouts>('/api/vendor/payouts', own.cookie)).rates.ownStore).toBe(false);
  });
});

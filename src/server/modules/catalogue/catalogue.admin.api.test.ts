import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductsResponse } from '~/shared/schemas/catalogue-admin';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/** Manage Products: every vendor's products, hidden with a reason the vendor reads, featured, exported. */
let t: TestApp;
let admin: { cookie: string };
let vendor: { cookie: string; vendorId: string };
let other: { cookie: string; vendorId: string };
beforeAll(async () => {
  // The catalogue's cache on: hiding must reach the shop at once all the same.
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 60 });
  admin = await signInAdmin(t);
  vendor = await signUpVendor(t, 'Belapur Display House');
  other = await signUpVendor(t, 'Nerul Laptop Point');
  await t.services.database.db.execute(sql`update vendors set status = 'approved' where id in (${vendor.vendorId}, ${other.vendorId})`);
}, 120_000);
afterAll(() => t.close());

const monitor = (name: string, stock = '10') => ({
  category: 'Monitor',
  brand: 'LG',
  name,
  description: 'A 24-inch Full HD IPS monitor at 180 Hz for esports, with AMD FreeSync and a tilt stand.',
  price: '12,999',
  mrp: '20,000',
  hsnCode: '85285200',
  gstRatePercent: 18,
  stock,
  warranty: '3 years',
  warrantyMonths: '36',
  weightKg: '4',
  lengthCm: '60',
  widthCm: '15',
  heightCm: '40',
  status: 'active',
  screenSizeIn: '24',
  resolution: '1920 x 1080',
  resolutionName: 'Full HD',
  panelType: 'IPS',
  refreshRateHz: '180',
  ports: 'HDMI; DisplayPort',
});

async function create(cookie: string, name: string, stock?: string): Promise<string> {
  const res = await json(t.app, 'POST', '/api/vendor/products', monitor(name, stock), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product.id as string;
}
const list = async (query: string) => {
  const res = await json(t.app, 'GET', `/api/admin/products?${query}`, undefined, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminProductsResponse;
};

describe('Manage Products', () => {
  it("lists every vendor's products, filtered by vendor, stock and search, and exports the same rows as CSV", async () => {
    const a = await create(vendor.cookie, 'LG Belapur 24MR400 Monitor');
    const b = await create(other.cookie, 'LG Nerul 27UP650 Monitor', '0');
    const all = await list('q=LG');
    expect(all.items.map((p) => p.id)).toEqual(expect.arrayContaining([a, b]));
    expect((await list(`vendorId=${other.vendorId}`)).items.map((p) => p.id)).toEqual([b]);
    expect((await list('stock=out&q=Nerul')).items.map((p) => p.id)).toEqual([b]);
    expect((await list('q=Belapur')).items[0]).toMatchObject({ id: a, vendor: { id: vendor.vendorId, name: 'Belapur Display House' } });

    const csv = await json(t.app, 'GET', `/api/admin/products/export?vendorId=${other.vendorId}`, undefined, admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('LG Nerul 27UP650 Monitor');

    const bad = await json(t.app, 'GET', '/api/admin/products?priceMin=500&priceMax=100', undefined, admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('priceMin');
  });

  it('hides a product with a reason: it leaves the shop at once, the vendor reads why and cannot put it back; restoring gives its status back', async () => {
    const id = await create(vendor.cookie, 'LG Belapur Hidden 24GS60F Monitor');
    expect((await json(t.app, 'GET', `/api/catalogue/products/${id}`)).statusCode).toBe(200);
    const listed = await json(t.app, 'GET', '/api/catalogue/products?q=Belapur%20Hidden');
    expect(listed.json().items.map((p: { id: string }) => p.id)).toContain(id);

    const noReason = await json(t.app, 'POST', '/api/admin/products/hide', { ids: [id], reason: '' }, admin.cookie);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');

    const reason = 'The pictures show another model than the name says.';
    const hidden = await json(t.app, 'POST', '/api/admin/products/hide', { ids: [id], reason }, admin.cookie);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${id}`)).statusCode).toBe(404);
    const after = await json(t.app, 'GET', '/api/catalogue/products?q=Belapur%20Hidden');
    expect(after.json().items.map((p: { id: string }) => p.id)).not.toContain(id);

    const own = await json(t.app, 'GET', `/api/vendor/products/${id}`, undefined, vendor.cookie);
    expect(own.json().product).toMatchObject({ status: 'hidden', hiddenReason: reason });
    const unhide = await json(t.app, 'PATCH', `/api/vendor/products/${id}`, { status: 'active' }, vendor.cookie);
    expect(unhide.statusCode).toBe(409);

    const restored = await json(t.app, 'POST', '/api/admin/products/restore', { ids: [id] }, admin.cookie);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${id}`)).statusCode).toBe(200);
    expect((await list(`q=Belapur%20Hidden`)).items[0]).toMatchObject({ status: 'active', hiddenReason: null });

    const entries = await json(t.app, 'GET', `/api/admin/audit?entityId=${id}`, undefined, admin.cookie);
    expect(entries.json().items.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['product.hide', 'product.restore']),
    );
  });

  it('hides several products in one transaction: an unknown id changes nothing', async () => {
    const id = await create(vendor.cookie, 'LG Belapur Bulk 22MR410 Monitor');
    const res = await json(
      t.app,
      'POST',
      '/api/admin/products/hide',
      { ids: [id, 'prd_nobody'], reason: 'Checking the listing details.' },
      admin.cookie,
    );
    expect(res.statusCode).toBe(404);
    expect((await list('q=Belapur%20Bulk')).items[0]!.status).toBe('active');
  });

  it('features a product on the home page and takes it off again', async () => {
    const id = await create(other.cookie, 'LG Nerul Featured 32UN880 Monitor');
    expect((await json(t.app, 'POST', '/api/admin/products/feature', { ids: [id] }, admin.cookie)).statusCode).toBe(200);
    const home = await json(t.app, 'GET', '/api/catalogue/home');
    expect(home.json().featured.map((p: { id: string }) => p.id)).toContain(id);
    expect((await json(t.app, 'POST', '/api/admin/products/unfeature', { ids: [id] }, admin.cookie)).statusCode).toBe(200);
    expect((await list('featured=yes&q=Nerul%20Featured')).items).toHaveLength(0);
  });

  it('is for admins only', async () => {
    const customer = await signUpCustomer(t);
    for (const [method, url] of [
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/products/export'],
      ['POST', '/api/admin/products/hide'],
      ['POST', '/api/admin/products/restore'],
      ['POST', '/api/admin/products/feature'],
      ['GET', '/api/admin/products/brands'],
    ] as const) {
      expect((await json(t.app, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
      expect((await json(t.app, method, url, method === 'GET' ? undefined : {}, customer.cookie)).statusCode, url).toBe(403);
      expect((await json(t.app, method, url, method === 'GET' ? undefined : {}, vendor.cookie)).statusCode, url).toBe(403);
    }
  });
});

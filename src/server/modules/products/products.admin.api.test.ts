import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrandsResponse, AdminProductDetail, AdminProductsResponse } from '~/shared/schemas/catalogue-admin';
import type { HomeResponse, ProductListResponse, VendorProductsResponse } from '~/shared/schemas/catalogue';
import type { OwnProduct } from '~/shared/schemas/vendor-products';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let customer: string;
let vendor: { cookie: string; vendorId: string };

beforeAll(async () => {
  // The shop's answers are cached here as in production: every admin write must drop them.
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 60 });
  await seedDemoCatalogueForTests(t.services);
  admin = (await signInAdmin(t)).cookie;
  customer = (await signUpCustomer(t)).cookie;
  const res = await json(t.app, 'POST', '/api/auth/login', {
    email: DEMO_ACCOUNTS.khargharVendor.email,
    password: DEMO_ACCOUNTS.khargharVendor.password,
    portal: 'vendor',
  });
  expect(res.statusCode, res.body).toBe(200);
  vendor = { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}, 120_000);
afterAll(() => t.close());

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.services.database.db.execute<T>(query)).rows as T[];
}

let counter = 0;
/** A complete laptop as the seller centre's form sends it. */
function laptop(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    category: 'Laptop',
    brand: 'Zenbook',
    name: `Zenbook Quasarline ${counter} Core Ultra 7 32 GB`,
    sku: `QL-${counter}-${Date.now()}`,
    model: `UX34-Q${counter}`,
    description: 'A light 14-inch OLED laptop for consultants who travel between Pune and Mumbai every week.',
    price: '89,990',
    mrp: '1,09,990',
    hsnCode: '84713010',
    gstRatePercent: 18,
    stock: '7',
    warranty: '1 year onsite warranty',
    warrantyMonths: '12',
    originCountry: 'China',
    makerName: 'Lenovo (India) Pvt Ltd',
    makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
    weightKg: '2.1',
    lengthCm: '42',
    widthCm: '30',
    heightCm: '8',
    status: 'active',
    processor: 'Intel Core Ultra 7 155H',
    processorFamily: 'Intel Core Ultra 7',
    ramGb: '32',
    storageGb: '1024',
    storageType: 'SSD',
    graphics: 'Intel Arc',
    operatingSystem: 'Windows 11 Home',
    screenSizeIn: '14',
    resolution: '2880x1800',
    resolutionName: '2.8K',
    panelType: 'OLED',
    refreshRateHz: '120',
    extraSpecs: [],
    ...overrides,
  };
}

async function listed(overrides: Record<string, unknown> = {}): Promise<OwnProduct> {
  const res = await json(t.app, 'POST', '/api/vendor/products', laptop(overrides), vendor.cookie);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { product: OwnProduct }).product;
}

async function adminList(query: string): Promise<AdminProductsResponse> {
  const res = await json(t.app, 'GET', `/api/admin/products?${query}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminProductsResponse;
}

async function search(q: string): Promise<ProductListResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/products?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductListResponse;
}

async function vendorRow(id: string, q: string) {
  const res = await json(t.app, 'GET', `/api/vendor/products?q=${encodeURIComponent(q)}`, undefined, vendor.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as VendorProductsResponse).items.find((p) => p.id === id);
}

const post = (url: string, body: unknown, cookie = admin) => json(t.app, 'POST', url, body, cookie);

describe('the admin lists every vendor’s products', () => {
  it('filters by vendor, category, brand, status, stock and price, searches name, model and SKU, sorts and pages', async () => {
    const all = (await rows<{ n: number }>(sql`select count(*)::int as n from products`))[0]!.n;
    const first = await adminList('pageSize=5');
    expect(first.total).toBe(all);
    expect(first.items).toHaveLength(5);
    expect(first.items[0]!.vendor.name).toBeTruthy();
    const second = await adminList('pageSize=5&page=2');
    expect(second.items.map((p) => p.id).filter((id) => first.items.some((p) => p.id === id))).toEqual([]);

    const own = (await rows<{ n: number }>(sql`select count(*)::int as n from products where vendor_id = ${vendor.vendorId}`))[0]!.n;
    const byVendor = await adminList(`vendorId=${vendor.vendorId}&pageSize=100`);
    expect(byVendor.total).toBe(own);
    expect(byVendor.items.every((p) => p.vendor.id === vendor.vendorId)).toBe(true);

    const monitors = await adminList('category=Monitor&brand=dell&pageSize=100');
    expect(monitors.total).toBeGreaterThan(0);
    expect(monitors.items.every((p) => p.category === 'Monitor' && p.brand === 'Dell')).toBe(true);

    const [out] = await rows<{ id: string }>(sql`select id from products where status = 'active' order by id limit 1`);
    await t.services.database.db.execute(sql`update products set stock = 0 where id = ${out!.id}`);
    const outOfStock = await adminList('stock=out&status=active&pageSize=100');
    expect(outOfStock.items.map((p) => p.id)).toContain(out!.id);
    expect(outOfStock.items.every((p) => p.stock === 0 && p.status === 'active')).toBe(true);

    const priced = await adminList('priceMin=30000&priceMax=60000&sort=price&pageSize=100');
    const prices = priced.items.map((p) => p.pricePaise);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices.every((p) => p >= 30_000_00 && p <= 60_000_99)).toBe(true);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);

    const product = await listed({ sku: 'QS-FINDME-77', model: 'QX-9911Z' });
    for (const q of ['qs-findme', 'QX-9911', product.name.slice(8, 25)]) {
      const found = await adminList(`q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((p) => p.id),
        q,
      ).toEqual([product.id]);
    }

    const bad = await json(t.app, 'GET', '/api/admin/products?priceMin=90000&priceMax=1000', undefined, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.priceMin).toMatch(/Minimum price/);
  });
});

describe('hiding a product', () => {
  it('takes it out of the listing, search, product page and cart at once (cache on), and restore gives back its status', async () => {
    const product = await listed({ name: 'Zenbook Vantablack Edition 14 OLED Core Ultra 7' });
    // Ask first, so a stale cached answer would show.
    expect((await search('vantablack')).items.map((p) => p.id)).toEqual([product.id]);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).statusCode).toBe(200);
    const category = await json(t.app, 'GET', '/api/catalogue/products?category=Laptop&page_size=48&sort=newest');
    expect(category.json().items.map((p: { id: string }) => p.id)).toContain(product.id);

    const reason = 'The pictures show a different model than the one described';
    const hidden = await post('/api/admin/products/hide', { ids: [product.id], reason });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ updated: 1, ids: [product.id] });

    // Search may now correct the word to another one, but never finds the hidden product.
    expect((await search('vantablack')).items.map((p) => p.id)).not.toContain(product.id);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).statusCode).toBe(404);
    const again = await json(t.app, 'GET', '/api/catalogue/products?category=Laptop&page_size=48&sort=newest');
    expect(again.json().items.map((p: { id: string }) => p.id)).not.toContain(product.id);
    const cart = await json(t.app, 'POST', '/api/cart/check', {
      items: [{ productId: product.id, quantity: 1, pricePaise: product.pricePaise }],
    });
    expect(cart.json().lines[0].status).toBe('unavailable');

    // The vendor reads it, hidden with the reason, in the list and the form.
    expect(await vendorRow(product.id, 'vantablack')).toMatchObject({ status: 'hidden', hiddenReason: reason });
    const own = await json(t.app, 'GET', `/api/vendor/products/${product.id}`, undefined, vendor.cookie);
    expect(own.json().product).toMatchObject({ status: 'hidden', hiddenReason: reason, statusBeforeHidden: 'active' });

    // The audit log names the admin.
    const audit = await json(t.app, 'GET', `/api/admin/audit?entityId=${product.id}&action=product.hide`, undefined, admin);
    expect(audit.json().items[0]).toMatchObject({ action: 'product.hide', actor: { role: 'admin' }, after: { hiddenReason: reason } });

    const restored = await post('/api/admin/products/restore', { ids: [product.id] });
    expect(restored.json()).toEqual({ updated: 1, ids: [product.id] });
    expect(await vendorRow(product.id, 'vantablack')).toMatchObject({ status: 'active', hiddenReason: null });
    expect((await search('vantablack')).items.map((p) => p.id)).toEqual([product.id]);
  });

  it('restores a draft as a draft', async () => {
    const draft = await listed({ status: 'draft', name: 'Zenbook Driftwood Draft 14 OLED Core Ultra 7' });
    await post('/api/admin/products/hide', { ids: [draft.id], reason: 'Counterfeit complaint under review' });
    await post('/api/admin/products/restore', { ids: [draft.id] });
    expect(await vendorRow(draft.id, 'driftwood')).toMatchObject({ status: 'draft' });
  });

  it('refuses a hide without a reason, naming the field', async () => {
    const [p] = (await adminList('status=active&pageSize=1')).items;
    for (const body of [{ ids: [p!.id] }, { ids: [p!.id], reason: '  bad ' }]) {
      const res = await post('/api/admin/products/hide', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.reason).toMatch(/reason the vendor will read/);
    }
    expect((await adminList(`q=${p!.id}`)).items[0]!.status).toBe('active');
  });

  it('lets the vendor fix the details but not unhide it or change its status (409)', async () => {
    const product = await listed({ name: 'Zenbook Obsidian Fixable 14 OLED Core Ultra 7' });
    const reason = 'The MRP is higher than the brand’s own price list';
    await post('/api/admin/products/hide', { ids: [product.id], reason });

    const unhide = await json(t.app, 'PATCH', `/api/vendor/products/${product.id}`, { status: 'active' }, vendor.cookie);
    expect(unhide.statusCode).toBe(409);
    expect(unhide.json().error.message).toContain(reason);
    const archive = await json(t.app, 'PATCH', `/api/vendor/products/${product.id}`, { status: 'archived' }, vendor.cookie);
    expect(archive.statusCode).toBe(409);
    const bulk = await post('/api/vendor/products/status', { ids: [product.id], status: 'active' }, vendor.cookie);
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().error.message).toMatch(/hid Zenbook Obsidian/);
    const form = await json(
      t.app,
      'PUT',
      `/api/vendor/products/${product.id}`,
      laptop({ name: product.name, status: 'draft' }),
      vendor.cookie,
    );
    expect(form.statusCode).toBe(409);

    // Fixing the price through the form (status as the form shows it) is allowed; it stays hidden.
    const fixed = await json(
      t.app,
      'PUT',
      `/api/vendor/products/${product.id}`,
      laptop({ name: product.name, sku: product.sku, mrp: '95,000', status: 'active' }),
      vendor.cookie,
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().product).toMatchObject({ status: 'hidden', mrpPaise: 95_000_00, hiddenReason: reason });
    const price = await json(t.app, 'PATCH', `/api/vendor/products/${product.id}`, { price: '85000' }, vendor.cookie);
    expect(price.statusCode).toBe(200);
    expect(price.json().product.status).toBe('hidden');
    expect((await search('obsidian fixable')).items.map((p) => p.id)).not.toContain(product.id);
  });
});

describe('bulk actions', () => {
  it('run in one transaction: an unknown id is a 404 and nothing changes; each product is audited', async () => {
    const a = await listed({ name: 'Zenbook Bulkhead Alpha 14 OLED Core Ultra 7' });
    const b = await listed({ name: 'Zenbook Bulkhead Beta 14 OLED Core Ultra 7' });
    const bad = await post('/api/admin/products/hide', {
      ids: [a.id, b.id, 'prd_doesnotexist'],
      reason: 'Wrong category for these products',
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toContain('prd_doesnotexist');
    const after = await adminList('q=bulkhead');
    expect(after.items.map((p) => p.status)).toEqual(['active', 'active']);
    const badFeature = await post('/api/admin/products/feature', { ids: [a.id, 'prd_doesnotexist'] });
    expect(badFeature.statusCode).toBe(404);
    expect((await adminList('q=bulkhead')).items.every((p) => p.featuredAt === null)).toBe(true);

    const hid = await post('/api/admin/products/hide', { ids: [a.id, b.id], reason: 'Wrong category for these products' });
    expect(hid.json().updated).toBe(2);
    // Already hidden: nothing more to do.
    expect((await post('/api/admin/products/hide', { ids: [a.id], reason: 'Wrong category again, twice' })).json().updated).toBe(0);
    const restored = await post('/api/admin/products/restore', { ids: [a.id, b.id] });
    expect(restored.json().updated).toBe(2);
    const featured = await post('/api/admin/products/feature', { ids: [a.id, b.id] });
    expect(featured.json().updated).toBe(2);
    expect((await adminList('q=bulkhead&featured=yes')).total).toBe(2);
    const unfeatured = await post('/api/admin/products/unfeature', { ids: [a.id, b.id] });
    expect(unfeatured.json().updated).toBe(2);

    const entries = await rows<{ action: string; entity_id: string; actor_role: string }>(
      sql`select action, entity_id, actor_role from audit_log where entity_id in (${a.id}, ${b.id}) and action like 'product.%' and action <> 'product.create' order by id`,
    );
    for (const id of [a.id, b.id]) {
      expect(entries.filter((e) => e.entity_id === id).map((e) => e.action)).toEqual([
        'product.hide',
        'product.restore',
        'product.feature',
        'product.unfeature',
      ]);
    }
    expect(entries.every((e) => e.actor_role === 'admin')).toBe(true);
  });
});

describe('featuring on the home page', () => {
  it('shows the featured products first, only those on sale, at once with the cache on', async () => {
    const before = (await json(t.app, 'GET', '/api/catalogue/home')).json() as HomeResponse;
    expect(before.featured).toEqual([]);
    const star = await listed({ name: 'Zenbook Starlight Featured 14 OLED Core Ultra 7' });
    const draft = await listed({ name: 'Zenbook Featured Draft 14 OLED Core Ultra 7', status: 'draft' });
    // A draft is not for sale: featuring it is refused, and so is the whole step it is part of.
    const refused = await post('/api/admin/products/feature', { ids: [star.id, draft.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Only a product on sale can be featured, and this one is not in the shop: ${draft.name} (it is draft). Nothing was featured.`,
    );
    expect((await adminList('q=starlight')).items[0]!.featuredAt).toBeNull();
    expect((await post('/api/admin/products/feature', { ids: [star.id] })).statusCode).toBe(200);
    const home = (await json(t.app, 'GET', '/api/catalogue/home')).json() as HomeResponse;
    expect(home.featured.map((p) => p.id)).toEqual([star.id]);

    await post('/api/admin/products/hide', { ids: [star.id], reason: 'Hidden while featured, for the test' });
    expect(((await json(t.app, 'GET', '/api/catalogue/home')).json() as HomeResponse).featured).toEqual([]);
    await post('/api/admin/products/restore', { ids: [star.id] });
    await post('/api/admin/products/unfeature', { ids: [star.id, draft.id] });
  });
});

describe('a suspended seller’s products', () => {
  it('read as the shopper sees them: not in the shop, found by the Status filter, and never featured (409)', async () => {
    const seller = await signUpVendor(t, 'Vashi Refurb Hub LLP');
    const decide = (decision: string) =>
      post(`/api/admin/vendors/${seller.vendorId}/decision`, { decision, reason: 'Three orders not shipped this week' });
    expect((await decide('approve')).statusCode).toBe(200);
    // Trusted, so its new product goes on sale without the review queue (decision 70).
    expect((await json(t.app, 'PUT', `/api/admin/vendors/${seller.vendorId}/trust`, { trusted: true }, admin)).statusCode).toBe(200);
    const made = await json(
      t.app,
      'POST',
      '/api/vendor/products',
      laptop({ name: 'Zenbook Vashi Suspended 14 OLED Core Ultra 7' }),
      seller.cookie,
    );
    expect(made.statusCode, made.body).toBe(201);
    const product = (made.json() as { product: OwnProduct }).product;
    expect((await adminList('q=vashi suspended')).items[0]).toMatchObject({ status: 'active', sellerStatus: 'approved', inShop: true });

    expect((await decide('suspend')).statusCode).toBe(200);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).statusCode).toBe(404);
    const [row] = (await adminList('q=vashi suspended')).items;
    expect(row).toMatchObject({ id: product.id, status: 'active', sellerStatus: 'suspended', inShop: false });
    expect((await adminList(`status=active&vendorId=${seller.vendorId}`)).total).toBe(0);
    const found = await adminList('status=seller_suspended&pageSize=100');
    expect(found.items.map((p) => p.id)).toContain(product.id);
    expect(found.items.every((p) => p.sellerStatus === 'suspended' && !p.inShop)).toBe(true);
    expect((await adminList('status=seller_not_approved&pageSize=100')).items.map((p) => p.id)).not.toContain(product.id);

    const detail = await json(t.app, 'GET', `/api/admin/products/${product.id}`, undefined, admin);
    expect(detail.json()).toMatchObject({ sellerStatus: 'suspended', inShop: false, vendor: { id: seller.vendorId } });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/export?vendorId=${seller.vendorId}`,
      headers: { cookie: admin },
    });
    expect(parse(csv.body, { columns: true, bom: true })).toEqual([
      expect.objectContaining({ id: product.id, seller_status: 'suspended', in_shop: 'no' }),
    ]);

    // Featuring it alone or with a product on sale is refused, naming it and why; nothing is featured.
    const onSale = await listed({ name: 'Zenbook Kharghar Beside 14 OLED Core Ultra 7' });
    for (const ids of [[product.id], [onSale.id, product.id]]) {
      const refused = await post('/api/admin/products/feature', { ids });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(
        `Only a product on sale can be featured, and this one is not in the shop: ${product.name} (its seller is suspended). Nothing was featured.`,
      );
    }
    expect((await adminList('featured=yes&pageSize=100')).items.map((p) => p.id)).not.toContain(onSale.id);
    expect((await rows(sql`select 1 from audit_log where action = 'product.feature' and entity_id = ${product.id}`)).length).toBe(0);

    // Reinstated, it is back in the shop and may be featured.
    expect((await decide('reinstate')).statusCode).toBe(200);
    expect((await adminList('q=vashi suspended')).items[0]).toMatchObject({ sellerStatus: 'approved', inShop: true });
    expect((await post('/api/admin/products/feature', { ids: [product.id] })).statusCode).toBe(200);
    await post('/api/admin/products/unfeature', { ids: [product.id] });
  });
});

describe('the CSV export', () => {
  it('holds exactly the filtered rows, in the list’s order', async () => {
    const query = 'category=Monitor&sort=price';
    const list = await adminList(`${query}&pageSize=100`);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/products/export?${query}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="products-/);
    const records = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(records.map((r) => r.id)).toEqual(list.items.map((p) => p.id));
    expect(records[0]).toMatchObject({
      name: list.items[0]!.name,
      vendor: list.items[0]!.vendor.name,
      price_inr: (list.items[0]!.pricePaise / 100).toFixed(2),
      status: list.items[0]!.status,
    });
    // Times as the shop's other CSVs write them: India time, to the minute.
    const created = new Date(list.items[0]!.createdAt);
    const india = new Date(created.getTime() + 330 * 60_000).toISOString();
    expect(records[0]!.created_at).toBe(`${india.slice(0, 10)} ${india.slice(11, 16)}`);
  });
});

describe('brands', () => {
  it('renames a brand on all its products in one go, merging spellings, so the shop’s brand filter is clean', async () => {
    const one = await listed({ brand: 'Quokkatech', name: 'Quokkatech Aero 14 OLED Core Ultra 7 laptop' });
    const two = await listed({ brand: 'QUOKKA TECH', name: 'Quokkatech Aero 16 OLED Core Ultra 7 laptop' });
    const brands = (await json(t.app, 'GET', '/api/admin/products/brands?q=quokka', undefined, admin)).json() as AdminBrandsResponse;
    expect(brands.items).toEqual([
      { brand: 'QUOKKA TECH', count: 1, activeCount: 1 },
      { brand: 'Quokkatech', count: 1, activeCount: 1 },
    ]);
    // The shop's facets are cached: ask first.
    await json(t.app, 'GET', '/api/catalogue/products?brand=Quokkatech');

    const renamed = await post('/api/admin/products/brands/rename', { from: 'QUOKKA TECH', to: 'Quokkatech' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ brand: 'Quokkatech', updated: 1 });
    const after = (await json(t.app, 'GET', '/api/admin/products/brands?q=quokka', undefined, admin)).json() as AdminBrandsResponse;
    expect(after.items).toEqual([{ brand: 'Quokkatech', count: 2, activeCount: 2 }]);
    const shop = await json(t.app, 'GET', '/api/catalogue/products?brand=Quokkatech');
    expect(
      shop
        .json()
        .items.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([one.id, two.id].sort());
    const audit = await rows<{ summary: string }>(sql`select summary from audit_log where action = 'product.brand_rename'`);
    expect(audit.map((a) => a.summary)).toContain('Renamed the brand QUOKKA TECH to Quokkatech on 1 product');

    expect((await post('/api/admin/products/brands/rename', { from: 'Nosuchbrand', to: 'Other' })).statusCode).toBe(404);
    const same = await post('/api/admin/products/brands/rename', { from: 'Quokkatech', to: 'Quokkatech' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.to).toBeTruthy();
  });
});

describe('editing any product with the vendor’s form', () => {
  it('reads and saves through the vendor’s validation, audited as the admin', async () => {
    const product = await listed({ name: 'Zenbook Editable Admin 14 OLED Core Ultra 7' });
    const read = await json(t.app, 'GET', `/api/admin/products/${product.id}`, undefined, admin);
    expect(read.statusCode, read.body).toBe(200);
    const detail = read.json() as AdminProductDetail;
    expect(detail.product).toMatchObject({ id: product.id, name: product.name, pricePaise: 89_990_00 });
    expect(detail.vendor.id).toBe(vendor.vendorId);

    const wrong = await json(t.app, 'PATCH', `/api/admin/products/${product.id}`, laptop({ price: '2,00,000', sku: product.sku }), admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.price).toMatch(/above the MRP/);

    const saved = await json(
      t.app,
      'PATCH',
      `/api/admin/products/${product.id}`,
      laptop({ name: product.name, sku: product.sku, price: '79,990', stockWas: 7 }),
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product.pricePaise).toBe(79_990_00);
    const own = await json(t.app, 'GET', `/api/vendor/products/${product.id}`, undefined, vendor.cookie);
    expect(own.json().product.pricePaise).toBe(79_990_00);
    const audit = await json(t.app, 'GET', `/api/admin/audit?entityId=${product.id}&action=product.update`, undefined, admin);
    expect(audit.json().items[0]).toMatchObject({
      actor: { role: 'admin' },
      before: { pricePaise: 89_990_00 },
      after: { pricePaise: 79_990_00 },
    });

    expect((await json(t.app, 'GET', '/api/admin/products/prd_nothere', undefined, admin)).statusCode).toBe(404);
  });
});

describe('who may call the admin product routes', () => {
  it('refuses customers and vendors (403) and visitors (401)', async () => {
    const pending = (await signUpVendor(t, 'Panvel Peripherals LLP')).cookie;
    const [p] = (await adminList('pageSize=1')).items;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/products/export'],
      ['GET', '/api/admin/products/brands'],
      ['POST', '/api/admin/products/brands/rename', { from: 'Dell', to: 'DELL' }],
      ['POST', '/api/admin/products/hide', { ids: [p!.id], reason: 'Not allowed for this caller' }],
      ['POST', '/api/admin/products/restore', { ids: [p!.id] }],
      ['POST', '/api/admin/products/feature', { ids: [p!.id] }],
      ['POST', '/api/admin/products/unfeature', { ids: [p!.id] }],
      ['GET', `/api/admin/products/${p!.id}`],
      ['PATCH', `/api/admin/products/${p!.id}`, laptop()],
    ];
    for (const [method, url, body] of routes) {
      for (const [cookie, status] of [
        [customer, 403],
        [vendor.cookie, 403],
        [pending, 403],
        [undefined, 401],
      ] as const) {
        const res = await json(t.app, method as 'GET', url, body, cookie);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    }
    expect((await adminList(`q=${p!.id}`)).items[0]).toMatchObject({ status: p!.status, featuredAt: p!.featuredAt });
  });
});

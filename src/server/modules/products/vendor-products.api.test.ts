import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompareResponse, ProductListResponse, SuggestResponse } from '~/shared/schemas/catalogue';
import type { OwnProduct } from '~/shared/schemas/vendor-products';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signUpVendor } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';

const kit = useOrdersTestApp();

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

let counter = 0;
/** A complete laptop as the seller centre's form sends it (rupees, kg and cm, as typed). */
function laptop(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    category: 'Laptop',
    brand: 'Zenbook',
    name: `Zenbook Quillfire ${counter} Core Ultra 7 32 GB 1 TB`,
    sku: `QF-${counter}-${Date.now()}`,
    model: 'UX3405MA',
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
    extraSpecs: [{ label: 'Battery', value: '75 Wh, up to 15 hours' }],
    ...overrides,
  };
}

async function create(cookie: string, body: object) {
  const res = await json(kit.t.app, 'POST', '/api/vendor/products', body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { product: OwnProduct }).product;
}

async function search(query: string): Promise<ProductListResponse> {
  const res = await json(kit.t.app, 'GET', `/api/catalogue/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductListResponse;
}

describe('a vendor lists a product', () => {
  it('creates a laptop whose typed specifications the shop finds at once: search, spec words, facets, compare, typo correction', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    // The shop's answers are cached: ask once before, so a stale cache would show.
    await search('q=quillfire');
    const product = await create(vendor.cookie, laptop({ name: 'Zenbook Quillfire 14 OLED Core Ultra 7 32 GB 1 TB' }));
    expect(product).toMatchObject({
      pricePaise: 89_990_00,
      mrpPaise: 1_09_990_00,
      gstRateBp: 1800,
      stock: 7,
      ramGb: 32,
      storageGb: 1024,
      screenSizeIn: 14,
      resolution: '2880 x 1800',
      weightGrams: 2100,
      lengthMm: 420,
      status: 'active',
    });

    expect((await search('q=quillfire')).items.map((p) => p.id)).toEqual([product.id]);
    expect((await search('q=quillfire%2032gb%20ram')).items.map((p) => p.id)).toContain(product.id);
    expect((await search('category=Laptop&cpu=Intel%20Core%20Ultra%207&ram=32')).items.map((p) => p.id)).toContain(product.id);
    const compare = await json(kit.t.app, 'GET', `/api/catalogue/compare?ids=${product.id}`);
    expect(compare.statusCode, compare.body).toBe(200);
    expect((compare.json() as CompareResponse).products[0]!.id).toBe(product.id);
    // A typo of the new word is corrected from the search lexicon.
    const suggest = await json(kit.t.app, 'GET', '/api/catalogue/suggest?q=quilfire');
    expect(suggest.statusCode, suggest.body).toBe(200);
    expect(JSON.stringify(suggest.json() as SuggestResponse)).toContain('Quillfire');

    const detail = await json(kit.t.app, 'GET', `/api/catalogue/products/${product.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().product.specifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: 'RAM', value: '32 GB' }), expect.objectContaining({ label: 'Battery' })]),
    );
  });

  it('keeps a draft out of the shop until it is put on sale, and an archived product leaves lists, search and the product page', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const draft = await create(vendor.cookie, laptop({ name: 'Zenbook Velvetmoss Draft Core Ultra 7', status: 'draft' }));
    expect((await search('q=velvetmoss')).items).toHaveLength(0);
    expect((await json(kit.t.app, 'GET', `/api/catalogue/products/${draft.id}`)).statusCode).toBe(404);

    const onSale = await json(kit.t.app, 'POST', '/api/vendor/products/status', { ids: [draft.id], status: 'active' }, vendor.cookie);
    expect(onSale.json()).toEqual({ updated: 1, ids: [draft.id] });
    expect((await search('q=velvetmoss')).items.map((p) => p.id)).toEqual([draft.id]);

    const archived = await json(kit.t.app, 'PATCH', `/api/vendor/products/${draft.id}`, { status: 'archived' }, vendor.cookie);
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await search('q=velvetmoss')).items).toHaveLength(0);
    expect((await json(kit.t.app, 'GET', `/api/catalogue/products/${draft.id}`)).statusCode).toBe(404);
    const sitemap = await kit.t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain(draft.id);
  });

  it('refuses a form with field errors: missing specifications of the category, price above MRP, a bad HSN, unknown fields', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const res = await json(
      kit.t.app,
      'POST',
      '/api/vendor/products',
      laptop({ processor: '', price: '1,20,000', hsnCode: '8471-30', stock: '-2' }),
      vendor.cookie,
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields as Record<string, string>;
    expect(fields.processor).toBe('Enter the processor of this laptop');
    expect(fields.hsnCode).toMatch(/4, 6 or 8 digits/);
    expect(fields.stock).toMatch(/whole number/);
    const overMrp = await json(kit.t.app, 'POST', '/api/vendor/products', laptop({ price: '1,20,000' }), vendor.cookie);
    expect(overMrp.json().error.fields.price).toBe('Price must not be above the MRP');
    const unknown = await json(kit.t.app, 'POST', '/api/vendor/products', laptop({ vendorId: 'ven_other' }), vendor.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.vendorId).toMatch(/not an accepted field/);
  });

  it('drops specifications of another category, and a second product with the same SKU is a conflict on the SKU field', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const monitor = await create(vendor.cookie, {
      ...laptop({ category: 'Monitor', hsnCode: '85285200', name: 'Quillfire View 27 QHD 165 Hz', sku: 'QFV-27' }),
      ports: 'HDMI 2.0, DisplayPort 1.4\nUSB-C 65 W',
      resolution: '2560 x 1440',
      resolutionName: 'QHD',
      panelType: 'IPS',
      refreshRateHz: '165',
      screenSizeIn: '27',
    });
    expect(monitor).toMatchObject({ processor: null, ramGb: null, ports: ['HDMI 2.0', 'DisplayPort 1.4', 'USB-C 65 W'] });
    const again = await json(kit.t.app, 'POST', '/api/vendor/products', laptop({ sku: 'QFV-27' }), vendor.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.sku).toMatch(/already have a product with this SKU/);
  });
});

describe("a vendor edits its products, never another vendor's", () => {
  it("answers 404 for another vendor's product on every route, and bulk changes leave it alone", async () => {
    const kharghar = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const pune = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const theirs = await create(pune.cookie, laptop({ name: 'Pune Only Laptop Core Ultra 7' }));
    const calls = [
      ['GET', undefined],
      ['PUT', laptop()],
      ['PATCH', { stock: 1 }],
    ] as const;
    for (const [method, body] of calls) {
      const res = await json(kit.t.app, method, `/api/vendor/products/${theirs.id}`, body, kharghar.cookie);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.json().error.message).toBe('This product was not found among yours.');
    }
    const bulk = await json(kit.t.app, 'POST', '/api/vendor/products/status', { ids: [theirs.id], status: 'archived' }, kharghar.cookie);
    expect(bulk.json()).toEqual({ updated: 0, ids: [] });
    const [row] = await kit.rows<{ status: string; stock: number }>(sql`select status, stock from products where id = ${theirs.id}`);
    expect(row).toEqual({ status: 'active', stock: 7 });
  });

  it('lets a pending vendor change nothing, and a suspended vendor read but not write', async () => {
    const pending = await signUpVendor(kit.t, 'Wakad Waiting Computers');
    const res = await json(kit.t.app, 'POST', '/api/vendor/products', laptop(), pending.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/still being reviewed/);

    const suspended = await signUpVendor(kit.t, 'Hadapsar Halted Traders');
    await kit.db().execute(sql`update vendors set status = 'approved' where id = ${suspended.vendorId}`);
    const product = await create(suspended.cookie, laptop({ name: 'Halted Laptop Core Ultra 7' }));
    await kit.db().execute(sql`update vendors set status = 'suspended' where id = ${suspended.vendorId}`);
    const read = await json(kit.t.app, 'GET', `/api/vendor/products/${product.id}`, undefined, suspended.cookie);
    expect(read.statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PATCH', `/api/vendor/products/${product.id}`, { stock: 0 }],
      ['PUT', `/api/vendor/products/${product.id}`, laptop()],
      ['POST', '/api/vendor/products/status', { ids: [product.id], status: 'archived' }],
    ] as const) {
      const write = await json(kit.t.app, method, url, body, suspended.cookie);
      expect(write.statusCode, url).toBe(403);
      expect(write.json().error.message).toMatch(/suspended/);
    }
    expect((await kit.rows<{ stock: number }>(sql`select stock from products where id = ${product.id}`))[0]!.stock).toBe(7);
  });

  it('changes price and stock inline; an order already placed keeps its price', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const product = await create(vendor.cookie, laptop({ name: 'Inline Price Laptop Core Ultra 7', price: '50,000', mrp: '60,000' }));
    const { cookie, addressId } = await kit.customerWithAddress();
    const { order } = await kit.placed(cookie, {
      items: [{ productId: product.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });

    const patched = await json(
      kit.t.app,
      'PATCH',
      `/api/vendor/products/${product.id}`,
      { price: '45,500', stock: 9, stockWas: 6 },
      vendor.cookie,
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().product).toMatchObject({ pricePaise: 45_500_00, stock: 9 });
    expect((await json(kit.t.app, 'GET', `/api/catalogue/products/${product.id}`)).json().product.pricePaise).toBe(45_500_00);
    const after = await kit.getOrder(cookie, order.id);
    expect(after.items[0]!.unitPricePaise).toBe(50_000_00);
    expect(after.totals.totalPaise).toBe(order.totals.totalPaise);

    const overMrp = await json(kit.t.app, 'PATCH', `/api/vendor/products/${product.id}`, { price: '70,000' }, vendor.cookie);
    expect(overMrp.statusCode).toBe(400);
    expect(overMrp.json().error.fields.price).toBe(
      "Price must not be above the MRP (₹60,000.00). Change the MRP in the product's form first.",
    );
  });

  it('refuses a stock edit made over a stock that orders have changed meanwhile', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const product = await create(vendor.cookie, laptop({ name: 'Stale Stock Laptop Core Ultra 7', stock: '5', price: '20,000' }));
    const { cookie, addressId } = await kit.customerWithAddress();
    await kit.placed(cookie, { items: [{ productId: product.id, quantity: 2 }], addressId, delivery: 'standard', paymentMethod: 'cod' });
    const stale = await json(kit.t.app, 'PATCH', `/api/vendor/products/${product.id}`, { stock: 10, stockWas: 5 }, vendor.cookie);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.fields.stock).toMatch(/Stock is now 3, not 5/);
    expect(await kit.stockOf(product.id)).toBe(3);
  });

  it('races stock edits against checkouts: stock never goes below zero and every accepted order keeps its stock', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const product = await create(
      vendor.cookie,
      laptop({ name: 'Race Stock Laptop Core Ultra 7', stock: '4', price: '30,000', mrp: '40,000' }),
    );
    const customers = await Promise.all(Array.from({ length: 8 }, () => kit.customerWithAddress()));
    const orders = customers.map(({ cookie, addressId }) =>
      kit.place(cookie, { items: [{ productId: product.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'cod' }),
    );
    const edits = [3, 1, 2].map((stock) => json(kit.t.app, 'PATCH', `/api/vendor/products/${product.id}`, { stock }, vendor.cookie));
    const results = await Promise.all([...orders, ...edits]);
    const accepted = results.slice(0, 8).filter((r) => r.statusCode === 201).length;
    for (const r of results.slice(0, 8)) expect([201, 409]).toContain(r.statusCode);
    for (const r of results.slice(8)) expect(r.statusCode, r.body).toBe(200);
    const stock = await kit.stockOf(product.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    const [{ n }] = (await kit.rows<{ n: number }>(
      sql`select count(*)::int as n from order_items i join orders o on o.id = i.order_id where i.product_id = ${product.id} and o.status <> 'cancelled'`,
    )) as [{ n: number }];
    expect(n).toBe(accepted);
    expect(accepted).toBeGreaterThan(0);
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard, ProductDetail, ProductFacetsResponse, ProductListResponse } from '~/shared/schemas/catalogue';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
}, 60_000);
afterAll(() => t.close());

async function list(qs: string): Promise<ProductListResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/products?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function facets(qs: string): Promise<ProductFacetsResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/facets?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function all(qs: string): Promise<ProductCard[]> {
  const items: ProductCard[] = [];
  for (let page = 1; ; page++) {
    const r = await list(`${qs}&page_size=48&page=${page}`);
    items.push(...r.items);
    if (page >= r.pageCount) return items;
  }
}

async function firstIdWhere(condition: string): Promise<string> {
  const { rows } = await t.services.database.db.execute<{ id: string }>(
    sql.raw(`select id from products where ${condition} order by id limit 1`),
  );
  return rows[0]!.id;
}

describe('product list', () => {
  it('pages through every active product with the total count', async () => {
    const first = await list('page_size=24');
    expect(first.total).toBeGreaterThanOrEqual(80);
    expect(first.items).toHaveLength(24);
    expect(first.pageCount).toBe(Math.ceil(first.total / 24));
    const everything = await all('sort=newest');
    expect(everything).toHaveLength(first.total);
    expect(new Set(everything.map((p) => p.id)).size).toBe(first.total);
  });

  it('never shows draft or archived products', async () => {
    const hidden = await t.services.database.db.execute<{ id: string }>(sql`select id from products where status <> 'active'`);
    expect(hidden.rows.length).toBeGreaterThan(0);
    const ids = new Set((await all('sort=newest')).map((p) => p.id));
    for (const { id } of hidden.rows) {
      expect(ids.has(id)).toBe(false);
      expect((await json(t.app, 'GET', `/api/catalogue/products/${id}`)).statusCode).toBe(404);
    }
  });

  it("hides a vendor's products while the vendor is not approved", async () => {
    const db = t.services.database.db;
    const { rows } = await db.execute<{ vendor_id: string; id: string }>(
      sql`select vendor_id, id from products where status = 'active' order by sold_count desc limit 1`,
    );
    const { vendor_id: vendorId, id } = rows[0]!;
    const before = (await list('page_size=1')).total;
    await db.execute(sql`update vendors set status = 'suspended' where id = ${vendorId}`);
    try {
      expect((await json(t.app, 'GET', `/api/catalogue/products/${id}`)).statusCode).toBe(404);
      expect((await list('page_size=1')).total).toBeLessThan(before);
    } finally {
      await db.execute(sql`update vendors set status = 'approved' where id = ${vendorId}`);
    }
    expect((await list('page_size=1')).total).toBe(before);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${id}`)).statusCode).toBe(200);
  });

  it('filters by category, brand and RAM together', async () => {
    const items = await all('category=Laptop&brand=Lenovo,Dell&ram=16');
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) {
      expect(p.category).toBe('Laptop');
      expect(['Lenovo', 'Dell']).toContain(p.brand);
      expect(p.keySpecs.join(' ')).toContain('16 GB RAM');
    }
  });

  it('filters monitors by panel, refresh rate and price range', async () => {
    const items = await all('category=Monitor&panel=IPS&price_min=10000&price_max=60000');
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) {
      expect(p.pricePaise).toBeGreaterThanOrEqual(10_000_00);
      expect(p.pricePaise).toBeLessThanOrEqual(60_000_00);
      expect(p.keySpecs.join(' ')).toContain('IPS');
    }
    const fast = await all('category=Monitor&refresh=144,165,180,240');
    expect(fast.length).toBeGreaterThan(0);
    for (const p of fast) expect(p.keySpecs.join(' ')).toMatch(/(144|165|180|240) Hz/);
  });

  it('sorts by price both ways, newest, rating and discount', async () => {
    const asc = (await all('category=Monitor&sort=price_asc')).map((p) => p.pricePaise);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await all('category=Monitor&sort=price_desc')).map((p) => p.pricePaise);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    // Other orders hold among the products in stock, then among the sold-out ones.
    const inStockFirst = async (qs: string) => {
      const items = await all(qs);
      return [items.filter((p) => p.stock > 0), items.filter((p) => p.stock === 0)];
    };
    for (const group of await inStockFirst('sort=rating')) {
      const rating = group.map((p) => p.ratingAvg);
      expect(rating).toEqual([...rating].sort((a, b) => b - a));
    }
    for (const group of await inStockFirst('sort=discount')) {
      const discount = group.map((p) => (p.mrpPaise - p.pricePaise) / p.mrpPaise);
      for (let i = 1; i < discount.length; i++) expect(discount[i]!).toBeLessThanOrEqual(discount[i - 1]! + 1e-9);
    }
  });

  it('only in-stock products with in_stock=true, and stock badges follow the stock', async () => {
    const everything = await all('sort=newest');
    expect(everything.some((p) => p.stockStatus === 'out_of_stock')).toBe(true);
    expect(everything.some((p) => p.stockStatus === 'low_stock')).toBe(true);
    for (const p of everything) {
      expect(p.stockStatus).toBe(p.stock === 0 ? 'out_of_stock' : p.stock <= 5 ? 'low_stock' : 'in_stock');
      expect(p.discountPercent).toBe(Math.floor(((p.mrpPaise - p.pricePaise) * 100) / p.mrpPaise));
    }
    const inStock = await all('in_stock=true');
    expect(inStock.every((p) => p.stock > 0)).toBe(true);
  });

  it('lists sold-out products after those in stock in every order but an explicit price sort', async () => {
    const db = t.services.database.db;
    // The best-selling laptop sells out: the category page must not open with it.
    const bestSeller = await firstIdWhere(
      `category = 'Laptop' and status = 'active' and sold_count = (select max(sold_count) from products where category = 'Laptop' and status = 'active')`,
    );
    const { rows } = await db.execute<{ stock: number }>(sql`select stock from products where id = ${bestSeller}`);
    await db.execute(sql`update products set stock = 0 where id = ${bestSeller}`);
    try {
      const page = await list('category=Laptop');
      expect(page.items[0]!.stockStatus).not.toBe('out_of_stock');
      for (const qs of ['category=Laptop', 'category=Laptop&sort=newest', 'sort=rating', 'sort=discount', 'q=laptop']) {
        const items = await all(qs);
        const firstSoldOut = items.findIndex((p) => p.stock === 0);
        expect(firstSoldOut, qs).toBeGreaterThan(0);
        expect(
          items.slice(firstSoldOut).every((p) => p.stock === 0),
          `${qs}: an in-stock product after a sold-out one`,
        ).toBe(true);
      }
      // Sorted by price, price is all that counts: the sold-out laptop keeps its place among the others.
      const byPrice = await all('category=Laptop&sort=price_asc');
      const at = byPrice.findIndex((p) => p.id === bestSeller);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(byPrice.slice(at + 1).some((p) => p.stock > 0)).toBe(true);
    } finally {
      await db.execute(sql`update products set stock = ${rows[0]!.stock} where id = ${bestSeller}`);
    }
  });

  it('answers past the last page with no items and the right total', async () => {
    const r = await list('category=Desktop&page=50');
    expect(r.items).toEqual([]);
    expect(r.total).toBeGreaterThanOrEqual(20);
  });
});

describe('facets', () => {
  it("counts each value with the other filters applied but not the facet's own", async () => {
    const f = await facets('category=Laptop&brand=Lenovo');
    // Brand counts ignore the brand choice: the Dell count equals a Dell-only list.
    const dell = f.facets.brand.find((b) => b.value === 'Dell');
    expect(dell?.count).toBe((await list('category=Laptop&brand=Dell')).total);
    // RAM counts honour the brand choice.
    for (const ram of f.facets.ram) {
      expect(ram.count, `RAM ${ram.value}`).toBe((await list(`category=Laptop&brand=Lenovo&ram=${ram.value}`)).total);
    }
    expect(f.total).toBe((await list('category=Laptop&brand=Lenovo')).total);
    expect(f.facets.ram.map((r) => r.label)).toContain('16 GB');
  });

  it('offers monitor filters with counts, and price buckets that add up', async () => {
    const f = await facets('category=Monitor');
    expect(f.facets.panel.map((p) => p.value)).toEqual(expect.arrayContaining(['IPS', 'VA']));
    expect(f.facets.refresh.length).toBeGreaterThan(2);
    expect(f.facets.resolution.map((r) => r.value)).toEqual(expect.arrayContaining(['Full HD', '4K UHD']));
    expect(f.price.buckets.reduce((n, b) => n + b.count, 0)).toBe(f.total);
    // Choosing a bucket lists exactly the products it counted.
    for (const b of f.price.buckets.filter((x) => x.count > 0)) {
      const qs = [`category=Monitor`, b.min === null ? '' : `price_min=${b.min}`, b.max === null ? '' : `price_max=${b.max}`]
        .filter(Boolean)
        .join('&');
      expect((await list(qs)).total, b.label).toBe(b.count);
    }
    expect(f.price.min).toBeLessThanOrEqual(f.price.max!);
  });

  it('keeps a chosen value visible even when nothing matches it', async () => {
    const f = await facets('category=Monitor&brand=Nonexistent Brand');
    expect(f.total).toBe(0);
    expect(f.facets.brand.find((b) => b.value === 'Nonexistent Brand')).toEqual({
      value: 'Nonexistent Brand',
      label: 'Nonexistent Brand',
      count: 0,
    });
  });
});

describe('search', () => {
  it('ranks ThinkPads first for "thinkpad", and finds them by prefix', async () => {
    for (const q of ['thinkpad', 'ThinkPad', 'thinkp']) {
      const r = await list(`q=${q}`);
      expect(r.total, q).toBeGreaterThan(1);
      const thinkpads = r.items.filter((p) => /thinkpad/i.test(p.name)).length;
      expect(thinkpads, q).toBeGreaterThan(1);
      // Every ThinkPad comes before anything that is not one.
      const names = r.items.map((p) => /thinkpad/i.test(p.name));
      expect(names.slice(0, thinkpads).every(Boolean), `${q}: ${r.items.map((p) => p.name).join(' | ')}`).toBe(true);
    }
  });

  it('finds every product on sale by its full name, hyphenated model numbers included', async () => {
    const { rows } = await t.services.database.db.execute<{ id: string; name: string }>(
      sql`select id, name from products where status = 'active' and vendor_active order by name`,
    );
    expect(rows.some((p) => /[a-z]\d*-\d/i.test(p.name))).toBe(true);
    const missing: string[] = [];
    for (const p of rows) {
      const r = await list(`q=${encodeURIComponent(p.name)}&page_size=48`);
      if (!r.items.some((c) => c.id === p.id)) missing.push(p.name);
    }
    expect(missing).toEqual([]);
    // As a shopper types a model number: "c24-1800" and "c24 1800" both find the All-in-One.
    for (const q of ['c24-1800', 'C24 1800']) {
      expect((await list(`q=${encodeURIComponent(q)}`)).items.map((c) => c.name).join(' | '), q).toMatch(/C24-1800/);
    }
  });

  it('tolerates typos: "thinkpda" and "macbok"', async () => {
    const thinkpad = await list('q=thinkpda');
    expect(thinkpad.correctedQuery).toBe('thinkpad');
    expect(thinkpad.items[0]!.name).toMatch(/thinkpad/i);
    const macbook = await list('q=macbok');
    expect(macbook.correctedQuery).toBe('macbook');
    // Every MacBook in stock comes before products in stock that only mention one in their description
    // (sold-out products follow those in stock, in the same order).
    const inStock = macbook.items.filter((p) => p.stock > 0);
    const macbooks = inStock.filter((p) => /macbook/i.test(p.name)).length;
    expect(macbooks).toBeGreaterThan(1);
    expect(inStock.slice(0, macbooks).every((p) => /macbook/i.test(p.name))).toBe(true);
  });

  it('understands specification terms like "16gb ram" and "27 inch 4k"', async () => {
    const ram = await all('q=16gb%20ram');
    expect(ram.length).toBeGreaterThan(3);
    expect(ram.every((p) => p.keySpecs.join(' ').includes('16 GB RAM'))).toBe(true);
    const monitors = await all('q=27%20inch%204k');
    expect(monitors.length).toBeGreaterThan(0);
    for (const p of monitors) expect(p.keySpecs[0]).toMatch(/^27 inch 4K/);
  });

  it('combines search with filters and facets', async () => {
    const r = await list('q=laptop&brand=HP');
    expect(r.total).toBeGreaterThan(0);
    expect(r.items.every((p) => p.brand === 'HP')).toBe(true);
    expect(r.items[0]!.category).toBe('Laptop');
    const f = await facets('q=laptop');
    expect(f.facets.brand.length).toBeGreaterThan(3);
  });

  it('treats SQL and HTML in q as plain words', async () => {
    for (const q of ["'; drop table products; --", '<script>alert(1)</script>', 'a & b | !c :* (', '\\"\'']) {
      const res = await json(t.app, 'GET', `/api/catalogue/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await list('page_size=1')).total).toBeGreaterThanOrEqual(80);
  });

  it('finds nothing for a search of only symbols, and suggests popular searches', async () => {
    for (const q of ['%_%', "' --", '\\"\'']) {
      const r = await list(`q=${encodeURIComponent(q)}`);
      expect(r.total, q).toBe(0);
      expect(r.items).toEqual([]);
      expect(r.suggestions).toContain('ThinkPad');
      expect((await facets(`q=${encodeURIComponent(q)}`)).total, q).toBe(0);
    }
    // Each suggestion finds something; a search that finds something suggests nothing.
    for (const q of (await list('q=%25_%25')).suggestions)
      expect((await list(`q=${encodeURIComponent(q)}&page_size=1`)).total, q).toBeGreaterThan(0);
    expect((await list('q=thinkpad')).suggestions).toEqual([]);
    expect((await list('q=zzqxv')).suggestions.length).toBeGreaterThan(0);
  });

  it('suggests products and categories as the shopper types, and near matches when nothing matches', async () => {
    const res = await json(t.app, 'GET', '/api/catalogue/suggest?q=thinkp');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.products[0].name).toMatch(/thinkpad/i);
    expect(s.categories).toEqual([{ category: 'Laptop', count: expect.any(Number) }]);
    const none = (await json(t.app, 'GET', '/api/catalogue/suggest?q=zzqxv')).json();
    expect(none.products).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page_size=10000', 'page_size'],
    ['page_size=0', 'page_size'],
    ['sort=cheapest', 'sort'],
    ['colour=red', 'colour'],
    ['category=Tablet', 'category'],
    ['price_min=90000&price_max=10000', 'price_min'],
    ['price_min=-5', 'price_min'],
    ['ram=lots', 'ram'],
    [`q=${'a'.repeat(5000)}`, 'q'],
  ])('%s is a 400 naming the field', async (qs, field) => {
    const res = await json(t.app, 'GET', `/api/catalogue/products?${qs}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.message.length).toBeGreaterThan(5);
    expect(Object.keys(body.error.fields ?? {}).some((k) => k === field || k.startsWith(`${field}.`))).toBe(true);
  });

  it('an unknown product id is a 404 with a clear message', async () => {
    for (const id of ['prd_doesnotexist', 'not-an-id', "1' or '1'='1"]) {
      const res = await json(t.app, 'GET', `/api/catalogue/products/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toMatch(/no longer sold|does not exist/);
    }
  });

  it('compare refuses more than 4 products and mixed categories', async () => {
    const laptops = (await list('category=Laptop&page_size=5')).items.map((p) => p.id);
    const monitor = (await list('category=Monitor&page_size=1')).items[0]!.id;
    expect((await json(t.app, 'GET', `/api/catalogue/compare?ids=${laptops.join(',')}`)).statusCode).toBe(400);
    const mixed = await json(t.app, 'GET', `/api/catalogue/compare?ids=${laptops[0]},${monitor}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toMatch(/one category/);
  });

  it('a delivery estimate needs a valid PIN code', async () => {
    for (const pin of ['12345', '012345', 'abcdef', '4110011']) {
      const res = await json(t.app, 'GET', `/api/catalogue/delivery-estimate?pin=${pin}`);
      expect(res.statusCode, pin).toBe(400);
    }
  });
});

describe('product page data', () => {
  it('has images, grouped specifications, vendor, warranty and a rating breakdown that adds up', async () => {
    const id = await firstIdWhere("status = 'active' and category = 'Laptop' and rating_count > 0");
    const res = await json(t.app, 'GET', `/api/catalogue/products/${id}`);
    expect(res.statusCode).toBe(200);
    const p: ProductDetail = res.json().product;
    expect(p.description.length).toBeGreaterThan(100);
    expect(p.vendor.name.length).toBeGreaterThan(3);
    expect(p.warranty).toMatch(/year|month/i);
    const labels = p.specifications.map((s) => s.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Processor', 'RAM', 'Storage', 'Graphics', 'Operating system', 'Screen size', 'Resolution']),
    );
    expect(p.ratingBreakdown.reduce((a, b) => a + b, 0)).toBe(p.ratingCount);

    const reviews = (await json(t.app, 'GET', `/api/catalogue/products/${id}/reviews`)).json();
    expect(reviews.total).toBe(p.ratingCount);
    expect(reviews.items[0]).toEqual(expect.objectContaining({ authorName: expect.any(String), rating: expect.any(Number) }));

    const related = (await json(t.app, 'GET', `/api/catalogue/products/${id}/related`)).json().items as ProductCard[];
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((r) => r.category === 'Laptop' && r.id !== id)).toBe(true);
  });

  it('lists related products in stock first, then of the same brand, then nearest in price, and the best of them', async () => {
    // A laptop of a brand with a few laptops, one of them sold out: its eight mix its brand and others.
    const id = await firstIdWhere(
      `status = 'active' and category = 'Laptop' and stock > 0 and brand = (select brand from products where category = 'Laptop'
        group by brand having count(*) between 3 and 6 and bool_or(stock = 0) order by brand limit 1)`,
    );
    // What a product lists at (decision 70): the lowest price of its sellers' offers in stock, and whether any has stock.
    const { rows } = await t.services.database.db.execute<{ id: string; brand: string; price_paise: number; in_stock: boolean }>(
      sql`select id, brand, listing_price_paise as price_paise, listing_in_stock as in_stock from products
           where status = 'active' and vendor_active and category = 'Laptop'`,
    );
    const me = rows.find((r) => r.id === id)!;
    /** A product's place: lower is shown first (ties in any order). */
    const rank = (r: (typeof rows)[number]) => [r.in_stock ? 0 : 1, r.brand === me.brand ? 0 : 1, Math.abs(r.price_paise - me.price_paise)];
    const before = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;

    const related = (await json(t.app, 'GET', `/api/catalogue/products/${id}/related`)).json().items as ProductCard[];
    expect(related).toHaveLength(8);
    const shown = related.map((card) => rows.find((r) => r.id === card.id)!);
    expect(shown.every((r) => r && r.id !== id)).toBe(true);
    for (let i = 1; i < shown.length; i++) expect(before(rank(shown[i - 1]!), rank(shown[i]!))).toBeLessThanOrEqual(0);
    const last = rank(shown.at(-1)!);
    const others = rows.filter((r) => r.id !== id && !related.some((card) => card.id === r.id));
    expect(others.every((r) => before(rank(r), last) >= 0)).toBe(true);
  });

  it('answers 404 for the page, reviews and related products of a product not for sale, and pages reviews to the end', async () => {
    const draft = await firstIdWhere("status <> 'active'");
    for (const id of [draft, 'prd_gone']) {
      for (const path of ['', '/reviews', '/related']) {
        const res = await json(t.app, 'GET', `/api/catalogue/products/${id}${path}`);
        expect(res.statusCode, `${id}${path}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
    const unreviewed = await firstIdWhere("status = 'active' and vendor_active and rating_count = 0");
    expect((await json(t.app, 'GET', `/api/catalogue/products/${unreviewed}/reviews`)).json()).toMatchObject({
      items: [],
      total: 0,
      page: 1,
    });
    const reviewed = await firstIdWhere("status = 'active' and vendor_active and rating_count > 0");
    const count = (await json(t.app, 'GET', `/api/catalogue/products/${reviewed}`)).json().product.ratingCount as number;
    const pastTheEnd = (await json(t.app, 'GET', `/api/catalogue/products/${reviewed}/reviews?page=99`)).json();
    expect(pastTheEnd).toMatchObject({ items: [], total: count, page: 99 });
  });

  it('compares three monitors with differences marked', async () => {
    const ids = (await list('category=Monitor&page_size=3')).items.map((p) => p.id);
    const res = await json(t.app, 'GET', `/api/catalogue/compare?ids=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.category).toBe('Monitor');
    expect(c.products.map((p: ProductCard) => p.id)).toEqual(ids);
    const refresh = c.rows.find((r: { label: string }) => r.label === 'Refresh rate');
    expect(refresh.values).toHaveLength(3);
    expect(refresh.differs).toBe(new Set(refresh.values).size > 1);
    expect(c.rows.some((r: { differs: boolean }) => r.differs)).toBe(true);
  });

  it('gives cards by ids in the order asked, leaving out unknown ones', async () => {
    const ids = (await list('page_size=3&sort=price_asc')).items.map((p) => p.id).reverse();
    const res = await json(t.app, 'GET', `/api/catalogue/products/by-ids?ids=${[ids[0], 'prd_gone', ids[1], ids[2]].join(',')}`);
    expect(res.json().items.map((p: ProductCard) => p.id)).toEqual(ids);
  });

  it('estimates delivery: Pune next days with COD, the North-East later and prepaid only', async () => {
    const pune = (await json(t.app, 'GET', '/api/catalogue/delivery-estimate?pin=411004')).json();
    expect(pune).toEqual(expect.objectContaining({ region: 'Pune', minDays: 1, codAvailable: true }));
    const ne = (await json(t.app, 'GET', '/api/catalogue/delivery-estimate?pin=781001')).json();
    expect(ne.codAvailable).toBe(false);
    expect(ne.minDays).toBeGreaterThan(pune.maxDays);
    expect(ne.latest >= ne.earliest).toBe(true);
  });

  it('fills the home page sections', async () => {
    const home = (await json(t.app, 'GET', '/api/catalogue/home')).json();
    expect(home.categories.map((c: { category: string }) => c.category).sort()).toEqual(['Desktop', 'Laptop', 'Monitor']);
    expect(home.deals.length).toBe(8);
    const discounts = home.deals.map((d: ProductCard) => (d.mrpPaise - d.pricePaise) / d.mrpPaise);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    expect(home.bestSellers.length).toBe(8);
    expect(home.newArrivals.length).toBe(8);
    expect(home.brands.length).toBeGreaterThanOrEqual(12);
  });
});

describe('response cache', () => {
  it('answers a repeated list from the cache until the catalogue changes', async () => {
    const cachedApp = await createTestApp({ CATALOGUE_CACHE_SECONDS: 30 });
    try {
      await seedDemoCatalogueForTests(cachedApp.services);
      const url = '/api/catalogue/products?category=Monitor&sort=price_asc&page_size=2';
      const first = await cachedApp.app.inject({ method: 'GET', url });
      expect(first.headers['x-cache']).toBe('miss');
      const second = await cachedApp.app.inject({ method: 'GET', url });
      expect(second.headers['x-cache']).toBe('hit');
      expect(second.headers['content-type']).toContain('application/json');
      expect(second.json()).toEqual(first.json());

      // A browser asks for it compressed: brotli (or gzip), the same answer.
      const asked = (encoding: string) => cachedApp.app.inject({ method: 'GET', url: laptops, headers: { 'accept-encoding': encoding } });
      const laptops = '/api/catalogue/products?category=Laptop&sort=price_asc';
      const plain = await cachedApp.app.inject({ method: 'GET', url: laptops });
      const br = await asked('gzip, deflate, br, zstd');
      expect(br.headers['x-cache']).toBe('hit');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('application/json');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
      const gzip = await asked('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

      const cheapest = first.json().items[0].id as string;
      await cachedApp.services.database.db.execute(sql`update products set price_paise = price_paise + 100 where id = ${cheapest}`);
      await cachedApp.services.responseCache.invalidate();
      const third = await cachedApp.app.inject({ method: 'GET', url });
      expect(third.headers['x-cache']).toBe('miss');
      expect(third.json().items[0].pricePaise).toBe(first.json().items[0].pricePaise + 100);
      const laptopsNow = JSON.parse(brotliDecompressSync((await asked('br')).rawPayload).toString('utf8'));
      expect(laptopsNow).toEqual((await cachedApp.app.inject({ method: 'GET', url: laptops })).json());
    } finally {
      await cachedApp.close();
    }
  }, 60_000);
});

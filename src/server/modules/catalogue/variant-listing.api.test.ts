import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFacetsResponse, ProductListResponse } from '~/shared/schemas/catalogue';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/**
 * Lists, facets and search count products, not configurations (decision 70): a laptop of three
 * configurations and two sellers is one card; a filter on a specification matches it when one of its
 * configurations has that value and opens that configuration; its price and stock are its offers'.
 * The brand is the shop's only one of its name, so each list below holds this laptop alone or nothing.
 */
let t: TestApp;

const BRAND = 'Zenbridge';
const PRODUCT = 'prd_vlZen14';
const V96 = 'pvr_vl_zen_96';
const V32 = 'pvr_vl_zen_32';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
  const db = t.services.database.db;
  for (const n of ['a', 'b']) {
    await db.execute(
      sql`insert into users (id, name, email, role) values (${`usr_vl_${n}`}, ${`Seller ${n}`}, ${`vl-${n}@example.in`}, 'vendor')`,
    );
    await db.execute(
      sql`insert into vendors (id, user_id, business_name, mobile, pickup_city, pickup_state, pickup_pin_code, status)
          values (${`ven_vl_${n}`}, ${`usr_vl_${n}`}, ${`Wakad Laptops ${n}`}, ${n === 'a' ? '9822012351' : '9822012352'}, 'Pune',
                  'Maharashtra', '411057', 'approved')`,
    );
  }
  // The product and its own configuration (16 GB, 512 GB), sold out with seller A.
  await db.execute(
    sql`insert into products (id, vendor_id, category, brand, name, slug, sku, model, description, price_paise, mrp_paise, stock,
                              status, hsn_code, warranty, warranty_months, processor, processor_family, ram_gb, storage_gb,
                              storage_type, spec_terms, option_keys)
        values (${PRODUCT}, 'ven_vl_a', 'Laptop', ${BRAND}, 'Zenbridge Aero 14', 'zenbridge-aero-14', 'VL-ZEN-16', 'ZA14-2026',
                'A light 14 inch laptop in three configurations.', 6899000, 8900000, 0, 'active', '8471', '1 year onsite', 12,
                'Intel Core i5-1335U', 'Intel Core i5', 16, 512, 'SSD', '16gb ram 512gb ssd', '{ram,storage}')`,
  );
  await db.execute(sql`update product_variants set options = '{"ram": "16 GB", "storage": "512 GB SSD"}' where id = ${PRODUCT}`);
  for (const [id, ram, storage, label, terms, position] of [
    [V96, 96, 2048, '2 TB SSD', '96gb ram 2tb ssd', 1],
    [V32, 32, 1024, '1 TB SSD', '32gb ram 1tb ssd', 2],
  ] as const) {
    await db.execute(
      sql`insert into product_variants (id, product_id, options, position, mrp_paise, hsn_code, processor, processor_family, ram_gb,
                                        storage_gb, storage_type, spec_terms)
          values (${id}, ${PRODUCT}, ${JSON.stringify({ ram: `${ram} GB`, storage: label })}::jsonb, ${position}, 12900000, '8471',
                  'Intel Core i5-1335U', 'Intel Core i5', ${ram}, ${storage}, 'SSD', ${terms})`,
    );
  }
  // The 96 GB from seller B at ₹1,19,990.00 in stock, the 32 GB from seller A at ₹84,990.00 in stock.
  await db.execute(
    sql`insert into offers (id, variant_id, product_id, vendor_id, price_paise, stock, dispatch_days, warranty, warranty_months)
        values ('ofr_vl_96_b', ${V96}, ${PRODUCT}, 'ven_vl_b', 11999000, 4, 2, '1 year carry-in', 12),
               ('ofr_vl_32_a', ${V32}, ${PRODUCT}, 'ven_vl_a', 8499000, 2, 1, '1 year onsite', 12)`,
  );
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

const counts = (f: ProductFacetsResponse, key: 'ram' | 'storage') => Object.fromEntries(f.facets[key].map((v) => [v.value, v.count]));

describe('a product of several configurations in the lists', () => {
  it('is one card, listed at its lowest price in stock and opening no configuration without a filter', async () => {
    const page = await list(`brand=${BRAND}`);
    expect(page.total).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: PRODUCT, configurations: { count: 3, fromPaise: 8499000 } });
    expect(page.items[0]!.configurations!.variantId).toBeUndefined();
  });

  it('matches a filter on a specification of any configuration, and opens that configuration', async () => {
    const page = await list(`brand=${BRAND}&ram=96`);
    expect(page.total).toBe(1);
    expect(page.items[0]!.configurations).toMatchObject({ variantId: V96 });
    expect((await list(`brand=${BRAND}&ram=32&storage=1024`)).items[0]!.configurations).toMatchObject({ variantId: V32 });
  });

  it('matches only when one configuration has every specification chosen', async () => {
    // 96 GB exists (with 2 TB), 512 GB exists (with 16 GB), but no configuration has both.
    expect((await list(`brand=${BRAND}&ram=96&storage=512`)).total).toBe(0);
    expect((await list(`brand=${BRAND}&ram=64`)).total).toBe(0);
  });

  it('counts the product once under each value its configurations have, and once in the total', async () => {
    const all = await facets(`brand=${BRAND}`);
    expect(all.total).toBe(1);
    expect(all.inStockCount).toBe(1);
    expect(counts(all, 'ram')).toEqual({ '16': 1, '32': 1, '96': 1 });
    expect(counts(all, 'storage')).toEqual({ '512': 1, '1024': 1, '2048': 1 });
    // With 96 GB chosen, the storage facet counts only what a 96 GB configuration has.
    const chosen = await facets(`brand=${BRAND}&ram=96`);
    expect(chosen.total).toBe(1);
    expect(counts(chosen, 'storage')).toEqual({ '2048': 1 });
    expect(counts(chosen, 'ram')).toEqual({ '16': 1, '32': 1, '96': 1 });
  });

  it('filters and sorts by the lowest price an offer in stock asks, not its first configuration’s', async () => {
    // The first configuration asks ₹68,990.00 but is sold out: the laptop lists at ₹84,990.00.
    expect((await list(`brand=${BRAND}&price_max=70000`)).total).toBe(0);
    expect((await list(`brand=${BRAND}&price_min=80000&price_max=90000`)).total).toBe(1);
    expect((await facets(`brand=${BRAND}`)).price).toMatchObject({ min: 84990, max: 84990 });
  });

  it('is in stock while any offer has stock, and out of it when the last sells out (kept by the offers)', async () => {
    expect((await list(`brand=${BRAND}&in_stock=true`)).total).toBe(1);
    const db = t.services.database.db;
    await db.execute(sql`update offers set stock = 0 where id in ('ofr_vl_96_b', 'ofr_vl_32_a')`);
    expect((await list(`brand=${BRAND}&in_stock=true`)).total).toBe(0);
    expect((await facets(`brand=${BRAND}`)).inStockCount).toBe(0);
    await db.execute(sql`update offers set stock = 3 where id = 'ofr_vl_96_b'`);
    expect((await list(`brand=${BRAND}&in_stock=true`)).total).toBe(1);
    expect((await list(`brand=${BRAND}&price_min=110000`)).total).toBe(1);
    await db.execute(sql`update offers set stock = 2 where id = 'ofr_vl_32_a'`);
  });

  it('is found by a search for a specification only another configuration has, until that configuration is archived', async () => {
    const found = await list(`q=${encodeURIComponent('zenbridge 96gb')}`);
    expect(found.items.map((c) => c.id)).toEqual([PRODUCT]);
    const db = t.services.database.db;
    await db.execute(sql`update product_variants set status = 'archived' where id = ${V96}`);
    expect((await list(`q=${encodeURIComponent('zenbridge 96gb')}`)).total).toBe(0);
    expect((await list(`brand=${BRAND}&ram=96`)).total).toBe(0);
    expect(counts(await facets(`brand=${BRAND}`), 'ram')).toEqual({ '16': 1, '32': 1 });
    await db.execute(sql`update product_variants set status = 'active' where id = ${V96}`);
    expect((await list(`brand=${BRAND}&ram=96`)).total).toBe(1);
  });
});

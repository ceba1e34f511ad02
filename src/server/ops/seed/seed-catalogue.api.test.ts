import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetailResponse, ProductListResponse } from '~/shared/schemas/catalogue';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';
import { DEMO_ACCOUNTS } from './demo-accounts';

/**
 * The demo catalogue as decision 70 has it: laptops and monitors as models with their configurations,
 * configurations sold by two or three demo sellers at different prices and dispatch times, one of them
 * refurbished; the product page and the lists show them as a shopper would see them.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
}, 120_000);
afterAll(() => t.close());

const db = () => t.services.database.db;

async function productByName(name: string): Promise<{ id: string; name: string }> {
  const { rows } = await db().execute<{ id: string; name: string }>(
    sql`select id, name from products where name like ${`${name}%`} and status = 'active'`,
  );
  expect(rows, name).toHaveLength(1);
  return rows[0]!;
}

async function productPage(id: string, qs = ''): Promise<ProductDetailResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${id}${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const optionsOf = (page: ProductDetailResponse) => Object.fromEntries(page.options.map((o) => [o.key, o.values]));
const labels = (page: ProductDetailResponse) => page.variants.map((v) => v.label).sort();

describe('the demo catalogue’s models and configurations', () => {
  it('sells laptops in two to four configurations, each with its own SKU, specifications and MRP', async () => {
    const air = await productPage((await productByName('Apple MacBook Air 13-inch M4')).id);
    expect(optionsOf(air)).toEqual({ ram: ['16 GB', '24 GB'], storage: ['256 GB SSD', '512 GB SSD'] });
    expect(labels(air)).toEqual(['16 GB · 256 GB SSD', '16 GB · 512 GB SSD', '24 GB · 512 GB SSD']);
    expect(new Set(air.variants.map((v) => v.sku)).size).toBe(3);
    expect(new Set(air.variants.map((v) => v.mrpPaise)).size).toBe(3);
    // The specifications that differ are the configuration's: the 512 GB ones have the 10-core GPU.
    const big = air.variants.find((v) => v.label === '24 GB · 512 GB SSD')!;
    expect(big.specifications).toEqual(
      expect.arrayContaining([
        { group: 'Performance', label: 'RAM', value: '24 GB' },
        { group: 'Performance', label: 'Graphics', value: 'Apple 10-core GPU' },
      ]),
    );

    const hp = await productPage((await productByName('HP 15 fd0')).id);
    expect(hp.variants).toHaveLength(4);
    const soldOut = hp.variants.filter((v) => !v.available);
    expect(soldOut.map((v) => [v.label, v.unavailableReason])).toEqual([['Core i7-1355U · 16 GB', 'Out of stock with this seller.']]);

    for (const [name, count] of [
      ['Lenovo ThinkPad E16 Gen 2', 3],
      ['ASUS Zenbook 14 OLED', 3],
      ['Lenovo LOQ 15IAX9', 3],
    ] as const) {
      const page = await productPage((await productByName(name)).id);
      expect(page.variants, name).toHaveLength(count);
      expect(page.options.length, name).toBeGreaterThan(0);
    }
  });

  it('sells monitors in sizes, the size being each configuration’s screen', async () => {
    for (const [name, sizes] of [
      ['Dell Plus 4K Monitor S2725QS', ['27 inch', '31.5 inch']],
      ['BenQ GW2490', ['23.8 inch', '27 inch']],
      ['HP Series 5 524sh', ['23.8 inch', '27 inch']],
    ] as const) {
      const page = await productPage((await productByName(name)).id);
      expect(optionsOf(page), name).toEqual({ size: sizes });
      for (const v of page.variants)
        expect(v.specifications, name).toContainEqual({ group: 'Display', label: 'Screen size', value: v.options.size });
    }
  });

  it('offers at least ten configurations from two or three demo sellers at different prices and dispatch times', async () => {
    const { rows } = await db().execute<{ variant_id: string; sellers: number; prices: number; dispatch: number }>(sql`
      select o.variant_id, count(distinct o.vendor_id)::int as sellers, count(distinct o.price_paise)::int as prices,
             count(distinct o.dispatch_days)::int as dispatch
        from offers o join products p on p.id = o.product_id and p.status = 'active'
       where o.status = 'active' and o.vendor_active and o.stock > 0
       group by o.variant_id having count(distinct o.vendor_id) > 1`);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const r of rows) {
      expect(r.sellers).toBeLessThanOrEqual(3);
      expect(r.prices, r.variant_id).toBe(r.sellers);
      expect(r.dispatch, r.variant_id).toBeGreaterThan(1);
    }
    expect(rows.some((r) => r.sellers === 3)).toBe(true);
  });

  it('shows a laptop’s other sellers on its page, a refurbished grade A one from Kharghar among them', async () => {
    const latitude = await productPage((await productByName('Dell Latitude 3450')).id);
    expect(latitude.options).toEqual([]);
    const [only] = latitude.variants;
    expect(only!.id).toBe(latitude.product.id);
    expect(only!.winner).toMatchObject({ condition: 'new' });
    expect(only!.others).toHaveLength(2);
    const sellers = [only!.winner!, ...only!.others].map((o) => o.seller.name).sort();
    expect(sellers).toEqual(['Kharghar Computer Mart', 'Pune Tech Hub', 'Sahyadri Computers']);
    const refurbished = [only!.winner!, ...only!.others].filter((o) => o.condition === 'refurbished');
    expect(refurbished).toEqual([
      expect.objectContaining({ grade: 'A', seller: expect.objectContaining({ name: DEMO_ACCOUNTS.khargharVendor.businessName }) }),
    ]);
    // A new unit ranks before a refurbished one (the buy box's rule), so the refurbished offer is the last.
    expect(only!.others.at(-1)!.condition).toBe('refurbished');
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from offers where condition = 'refurbished'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('gives the picker’s options and each configuration’s winner and more sellers on the product page', async () => {
    const e16 = await productByName('Lenovo ThinkPad E16 Gen 2');
    const first = await productPage(e16.id);
    expect(first.options.map((o) => o.label)).toEqual(['RAM', 'Storage']);
    const top = first.variants.find((v) => v.label === '32 GB · 1 TB SSD')!;
    expect(top.others).toHaveLength(2);
    // The winner is the lowest delivered price; the others follow in rank order, each at its own price and dispatch.
    const all = [top.winner!, ...top.others];
    expect(all.map((o) => o.deliveredPricePaise)).toEqual([...all.map((o) => o.deliveredPricePaise)].sort((a, b) => a - b));
    expect(new Set(all.map((o) => o.dispatchDays)).size).toBe(3);
    // `?variant=` (its slug) opens that configuration.
    const opened = await productPage(e16.id, `?variant=${top.slug}`);
    expect(opened.selectedVariantId).toBe(top.id);
    // The product of one configuration keeps its variant and its seller's offer with the product's id.
    const own = first.variants.find((v) => v.id === e16.id)!;
    expect([own.winner!, ...own.others].map((o) => o.id)).toContain(e16.id);
  });
});

describe('the listing columns the triggers keep', () => {
  it('lists a model once, from its lowest price in stock, with its number of configurations', async () => {
    const air = await productByName('Apple MacBook Air 13-inch M4');
    const { rows } = await db().execute<{ listing_price_paise: number; listing_in_stock: boolean; variant_terms: string }>(
      sql`select listing_price_paise, listing_in_stock, variant_terms from products where id = ${air.id}`,
    );
    // The shop's own ₹93,900.00 for the 16 GB · 256 GB, below Pune Tech Hub's and the other configurations' prices.
    expect(rows[0]).toMatchObject({ listing_price_paise: 93_900_00, listing_in_stock: true });
    expect(rows[0]!.variant_terms).toContain('24gb ram');

    const res = await json(t.app, 'GET', '/api/catalogue/products?q=macbook%20air%20m4&category=Laptop');
    expect(res.statusCode, res.body).toBe(200);
    const card = (res.json() as ProductListResponse).items.filter((c) => c.id === air.id);
    expect(card).toHaveLength(1);
    expect(card[0]!.configurations).toMatchObject({ count: 3, fromPaise: 93_900_00 });
    // A filter on a configuration's specification finds the model and opens that configuration.
    const filtered = await json(t.app, 'GET', '/api/catalogue/products?category=Laptop&brand=Apple&ram=24');
    const found = (filtered.json() as ProductListResponse).items.find((c) => c.id === air.id);
    expect(found?.configurations?.variantId).toBeDefined();
    expect(found!.configurations!.variantId).not.toBe(air.id);
  });

  it('keeps every product of one configuration and one seller listing at its own price and stock', async () => {
    const { rows } = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from products p
       where (select count(*) from offers o where o.product_id = p.id) = 1
         and (p.listing_price_paise, p.listing_in_stock, p.variant_terms) is distinct from (p.price_paise, p.stock > 0, '')`);
    expect(rows[0]!.n).toBe(0);
    // Every product has its own variant and offer, of its id (the same id of decision 70).
    const { rows: missing } = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from products p
       where not exists (select 1 from product_variants v where v.id = p.id and v.product_id = p.id)
          or not exists (select 1 from offers o where o.id = p.id and o.variant_id = p.id and o.vendor_id = p.vendor_id)`);
    expect(missing[0]!.n).toBe(0);
  });
});

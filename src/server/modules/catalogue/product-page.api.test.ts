import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard, ProductDetailResponse } from '~/shared/schemas/catalogue';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/**
 * The product page of a model with configurations and several sellers (decision 70): the options, each
 * configuration's differing specifications, the buy box's winner and the other sellers, a suspended
 * seller's offer left out, a sold-out configuration with its reason, and `?variant=` choosing one.
 */
let t: TestApp;

const PRODUCT = 'prd_ppE14';
const V16 = PRODUCT; // the product's own variant (decision 70: the same id)
const V32 = 'pvr_pp_e14_32';
const V8 = 'pvr_pp_e14_8';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
  const db = t.services.database.db;
  for (const [n, name, status] of [
    ['a', 'Kothrud Laptops', 'approved'],
    ['b', 'Aundh Computers', 'approved'],
    ['c', 'Hadapsar Traders', 'suspended'],
  ] as const) {
    await db.execute(sql`insert into users (id, name, email, role) values (${`usr_pp_${n}`}, ${name}, ${`pp-${n}@example.in`}, 'vendor')`);
    await db.execute(
      sql`insert into vendors (id, user_id, business_name, mobile, pickup_city, pickup_state, pickup_pin_code, status)
          values (${`ven_pp_${n}`}, ${`usr_pp_${n}`}, ${name}, ${`98220123${n === 'a' ? '41' : n === 'b' ? '42' : '43'}`}, 'Pune',
                  'Maharashtra', '411038', ${status})`,
    );
  }
  // The product as the previous release lists it: the trigger gives it its variant and seller A's offer, both of its id.
  await db.execute(
    sql`insert into products (id, vendor_id, category, brand, name, slug, sku, model, description, price_paise, mrp_paise, stock,
                              status, hsn_code, warranty, warranty_months, processor, ram_gb, storage_gb, storage_type, spec_terms)
        values (${PRODUCT}, 'ven_pp_a', 'Laptop', 'Lenovo', 'Lenovo ThinkPad E14 Gen 5', 'lenovo-thinkpad-e14-gen-5-pp', 'PP-E14-16',
                '21JKS0A900', 'A business laptop with a 14 inch screen, in three configurations.', 6899000, 8900000, 10, 'active',
                '8471', '1 year onsite', 12, 'Intel Core i5-1335U', 16, 512, 'SSD', '')`,
  );
  await db.execute(sql`update products set option_keys = '{ram,storage}' where id = ${PRODUCT}`);
  await db.execute(sql`update product_variants set options = '{"ram": "16 GB", "storage": "512 GB SSD"}' where id = ${V16}`);
  for (const [id, ram, storage, storageLabel, mrp, position] of [
    [V32, 32, 1024, '1 TB SSD', 9900000, 1],
    [V8, 8, 512, '512 GB SSD', 7900000, 2],
  ] as const) {
    await db.execute(
      sql`insert into product_variants (id, product_id, options, position, mrp_paise, hsn_code, processor, ram_gb, storage_gb, storage_type)
          values (${id}, ${PRODUCT}, ${JSON.stringify({ ram: `${ram} GB`, storage: storageLabel })}::jsonb, ${position}, ${mrp}, '8471',
                  'Intel Core i5-1335U', ${ram}, ${storage}, 'SSD')`,
    );
  }
  const offer = (id: string, variant: string, vendor: string, price: number, stock: number, dispatchDays: number) =>
    db.execute(
      sql`insert into offers (id, variant_id, product_id, vendor_id, price_paise, stock, dispatch_days, warranty, warranty_months)
          values (${id}, ${variant}, ${PRODUCT}, ${vendor}, ${price}, ${stock}, ${dispatchDays}, '1 year carry-in', 12)`,
    );
  await offer('ofr_pp_16_b', V16, 'ven_pp_b', 6799000, 5, 2);
  await offer('ofr_pp_32_a', V32, 'ven_pp_a', 8499000, 3, 1);
  await offer('ofr_pp_32_b', V32, 'ven_pp_b', 8399000, 2, 3);
  await offer('ofr_pp_32_c', V32, 'ven_pp_c', 7999000, 9, 0);
  await offer('ofr_pp_8_a', V8, 'ven_pp_a', 5999000, 0, 1);
}, 60_000);
afterAll(() => t.close());

async function page(qs = ''): Promise<ProductDetailResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${PRODUCT}${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const variant = (p: ProductDetailResponse, id: string) => p.variants.find((v) => v.id === id)!;

describe('the product page of a model with configurations and sellers', () => {
  it('gives the options in order and each configuration with its differing specifications', async () => {
    const p = await page();
    expect(p.options).toEqual([
      { key: 'ram', label: 'RAM', values: ['16 GB', '32 GB', '8 GB'] },
      { key: 'storage', label: 'Storage', values: ['512 GB SSD', '1 TB SSD'] },
    ]);
    expect(p.variants.map((v) => v.id)).toEqual([V16, V32, V8]);
    const v32 = variant(p, V32);
    expect(v32).toMatchObject({ options: { ram: '32 GB', storage: '1 TB SSD' }, slug: '32-gb-1-tb-ssd', label: '32 GB · 1 TB SSD' });
    expect(v32.mrpPaise).toBe(9900000);
    // The processor is the same in all three: only RAM and storage are the configuration's own.
    expect(v32.specifications).toEqual([
      { group: 'Performance', label: 'RAM', value: '32 GB' },
      { group: 'Performance', label: 'Storage', value: '1 TB SSD' },
    ]);
  });

  it('keeps the fields of before as they were: the product row of the first seller', async () => {
    const { product } = await page();
    expect(product).toMatchObject({ id: PRODUCT, pricePaise: 6899000, stock: 10, vendor: { id: 'ven_pp_a', name: 'Kothrud Laptops' } });
  });

  it('puts the lowest delivered price in the buy box and the other sellers after it', async () => {
    const p = await page();
    const v16 = variant(p, V16);
    expect(v16.available).toBe(true);
    expect(v16.winner).toMatchObject({ id: 'ofr_pp_16_b', seller: { name: 'Aundh Computers', city: 'Pune' }, pricePaise: 6799000 });
    expect(v16.winner).toMatchObject({ deliveredPricePaise: 6799000, deliveryPaise: 0, dispatchDays: 2, condition: 'new', grade: null });
    expect(v16.others).toEqual([
      expect.objectContaining({ id: PRODUCT, seller: expect.objectContaining({ name: 'Kothrud Laptops' }), pricePaise: 6899000 }),
    ]);
  });

  it("leaves out a suspended seller's offer, however cheap", async () => {
    const v32 = variant(await page(), V32);
    expect(v32.winner?.id).toBe('ofr_pp_32_b');
    expect(v32.others.map((o) => o.id)).toEqual(['ofr_pp_32_a']);
    expect(JSON.stringify(v32)).not.toContain('ofr_pp_32_c');
    expect(JSON.stringify(v32)).not.toContain('Hadapsar');
  });

  it('marks a sold-out configuration unavailable with the reason', async () => {
    const v8 = variant(await page(), V8);
    expect(v8).toMatchObject({ available: false, unavailableReason: 'Out of stock with this seller.', winner: null, others: [] });
  });

  it('opens the configuration whose offer wins, or the one ?variant= names by id or slug', async () => {
    expect((await page()).selectedVariantId).toBe(V16);
    expect((await page(`?variant=${V32}`)).selectedVariantId).toBe(V32);
    expect((await page('?variant=32-gb-1-tb-ssd')).selectedVariantId).toBe(V32);
    // A configuration no longer sold (a link shared before) opens the page as without one.
    expect((await page('?variant=64-gb-2-tb-ssd')).selectedVariantId).toBe(V16);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${PRODUCT}?colour=red`)).statusCode).toBe(400);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${PRODUCT}?variant=a%20b`)).statusCode).toBe(400);
  });

  it('gives its card, in lists and by id, the number of configurations and the lowest price of any in stock', async () => {
    const byIds = (await json(t.app, 'GET', `/api/catalogue/products/by-ids?ids=${PRODUCT}`)).json().items as ProductCard[];
    // Seller B's ₹67,990 for 16 GB; the suspended seller's ₹79,990 and the sold-out 8 GB's ₹59,990 do not count.
    expect(byIds[0]).toMatchObject({ id: PRODUCT, pricePaise: 6899000, configurations: { count: 3, fromPaise: 6799000 } });
    const listed = (await json(t.app, 'GET', '/api/catalogue/products?q=ThinkPad%20E14%20Gen%205&page_size=48')).json()
      .items as ProductCard[];
    expect(listed.filter((c) => c.id === PRODUCT)).toEqual([expect.objectContaining({ configurations: { count: 3, fromPaise: 6799000 } })]);
    // A product of one configuration is listed as before, without the field.
    const others = listed.filter((c) => c.id !== PRODUCT);
    expect(others.length).toBeGreaterThan(0);
    for (const card of others) expect(card).not.toHaveProperty('configurations');
  });

  it('compares a product by every configuration’s specifications and its lowest price, beside a product of one', async () => {
    const { rows } = await t.services.database.db.execute<{ id: string }>(
      sql`select id from products where category = 'Laptop' and status = 'active' and vendor_active and id <> ${PRODUCT} order by id limit 1`,
    );
    const other = rows[0]!.id;
    const res = await json(t.app, 'GET', `/api/catalogue/compare?ids=${PRODUCT},${other}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { rows: { label: string; values: (string | null)[] }[] };
    const row = (label: string) => body.rows.find((r) => r.label === label)!.values;
    expect(row('RAM')[0]).toBe('16 GB / 32 GB / 8 GB');
    expect(row('Storage')[0]).toBe('512 GB SSD / 1 TB SSD');
    expect(row('Price')[0]).toBe('From ₹67,990.00');
    expect(row('RAM')[1]).not.toContain('/');
    expect(row('Price')[1]).toMatch(/^₹/);
  });

  it('gives a product of before one configuration, no options and its own seller in the buy box', async () => {
    const { rows } = await t.services.database.db.execute<{ id: string }>(
      sql`select id from products where status = 'active' and vendor_active and stock > 0 and id <> ${PRODUCT} order by id limit 1`,
    );
    const id = rows[0]!.id;
    const res = await json(t.app, 'GET', `/api/catalogue/products/${id}`);
    const p: ProductDetailResponse = res.json();
    expect(p.options).toEqual([]);
    expect(p.selectedVariantId).toBe(id);
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({ id, specifications: [], available: true, others: [] });
    expect(p.variants[0]!.winner).toMatchObject({ id, pricePaise: p.product.pricePaise, stock: p.product.stock });
    expect(p.variants[0]!.winner!.seller.id).toBe(p.product.vendor.id);
  });
});

describe("the sellers' record of dispatch in the buy box", () => {
  /** `count` orders of 10 days ago, each with seller `vendor`'s parcel shipped `days` after the order. */
  async function parcels(vendor: string, count: number, days: number) {
    const db = t.services.database.db;
    for (let n = 0; n < count; n++) {
      const id = `ord_pp_${vendor}_${n}`;
      await db.execute(
        sql`insert into orders (id, user_id, status, payment_method, delivery_option, address, subtotal_paise, shipping_paise,
                                total_paise, gst_paise, cgst_paise, sgst_paise, igst_paise, idempotency_key, request_hash, order_date)
            values (${id}, 'usr_pp_a', 'shipped', 'cod', 'standard', '{}', 100000, 0, 100000, 15254, 7627, 7627, 0, ${id}, 'h',
                    now() - interval '10 days')`,
      );
      await db.execute(
        sql`insert into shipments (id, order_id, vendor_id, carrier, tracking_number, status, shipped_at)
            values (${`shp_pp_${vendor}_${n}`}, ${id}, ${vendor}, 'Delhivery', ${`PP${vendor}${n}`}, 'shipped',
                    now() - interval '10 days' + make_interval(days => ${days}))`,
      );
    }
  }

  it('ranks, at the same delivered price and dispatch time, the seller more often on time first, and shows its share', async () => {
    const db = t.services.database.db;
    // The 32 GB from A and from B at the same price and dispatch days: without records, A's older offer wins.
    await db.execute(sql`update offers set price_paise = 8399000, dispatch_days = 3 where id = 'ofr_pp_32_a'`);
    expect(variant(await page(), V32).winner?.id).toBe('ofr_pp_32_a');

    // Four parcels are too few for a record: still alike.
    await parcels('ven_pp_b', 4, 1);
    expect(variant(await page(), V32).winner).toMatchObject({ id: 'ofr_pp_32_a', sellerOnTime: null });

    // B ships five of five within two days, A three of five late: B wins, and each shows its share.
    await db.execute(sql`delete from shipments where vendor_id = 'ven_pp_b'`);
    await db.execute(sql`delete from orders where id like 'ord_pp_ven_pp_b_%'`);
    await parcels('ven_pp_b', 5, 1);
    await parcels('ven_pp_a', 2, 1);
    const late = 3;
    for (let n = 0; n < late; n++) {
      const id = `ord_pp_late_${n}`;
      await db.execute(
        sql`insert into orders (id, user_id, status, payment_method, delivery_option, address, subtotal_paise, shipping_paise,
                                total_paise, gst_paise, cgst_paise, sgst_paise, igst_paise, idempotency_key, request_hash, order_date)
            values (${id}, 'usr_pp_b', 'shipped', 'cod', 'standard', '{}', 100000, 0, 100000, 15254, 7627, 7627, 0, ${id}, 'h',
                    now() - interval '20 days')`,
      );
      await db.execute(
        sql`insert into shipments (id, order_id, vendor_id, carrier, tracking_number, status, shipped_at)
            values (${`shp_pp_late_${n}`}, ${id}, 'ven_pp_a', 'Delhivery', ${`PPLATE${n}`}, 'shipped', now() - interval '15 days')`,
      );
    }
    const v32 = variant(await page(), V32);
    expect(v32.winner).toMatchObject({ id: 'ofr_pp_32_b', sellerOnTime: 1 });
    expect(v32.others.find((o) => o.id === 'ofr_pp_32_a')).toMatchObject({ sellerOnTime: 0.4 });

    await db.execute(sql`update offers set price_paise = 8499000, dispatch_days = 1 where id = 'ofr_pp_32_a'`);
  });
});

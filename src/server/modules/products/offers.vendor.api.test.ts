import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueMatchResponse, VendorOffer } from '~/shared/schemas/vendor-offers';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signUpCustomer } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';

/** A seller offers another seller's product instead of listing a duplicate (decision 70). */
let t: TestApp;
let kharghar: { cookie: string; vendorId: string };
let puneTechHub: { cookie: string; vendorId: string };

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.services.database.db.execute<T>(query)).rows as T[];

/** A product on sale that Pune Tech Hub listed, with its configuration and MRP. */
async function puneProduct(): Promise<{ id: string; brand: string; model: string | null; mrp_paise: number; price_paise: number }> {
  const [row] = await rows<{ id: string; brand: string; model: string | null; mrp_paise: number; price_paise: number }>(sql`
    select p.id, p.brand, p.model, v.mrp_paise, p.price_paise from products p join product_variants v on v.id = p.id
     where p.vendor_id = ${puneTechHub.vendorId} and p.status = 'active' and p.model is not null order by p.id limit 1`);
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  await seedDemoCatalogueForTests(t.services);
  kharghar = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
  puneTechHub = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
}, 120_000);
afterAll(() => t.close());

describe('a seller offers a product already in the catalogue', () => {
  it('finds it by its model, offers a configuration at its own price, and the offer is audited and listed as its own', async () => {
    const product = await puneProduct();
    const found = await json(
      t.app,
      'GET',
      `/api/vendor/catalogue-match?q=${encodeURIComponent(product.model!)}`,
      undefined,
      kharghar.cookie,
    );
    expect(found.statusCode, found.body).toBe(200);
    const match = (found.json() as CatalogueMatchResponse).items.find((i) => i.productId === product.id);
    expect(match?.variants[0]).toMatchObject({ variantId: product.id, offeredByYou: false, offerCount: 1 });
    // Its own products are not offered this way: they are its products.
    const own = await json(
      t.app,
      'GET',
      `/api/vendor/catalogue-match?q=${encodeURIComponent(product.model!)}`,
      undefined,
      puneTechHub.cookie,
    );
    expect((own.json() as CatalogueMatchResponse).items.map((i) => i.productId)).not.toContain(product.id);

    const body = {
      variantId: product.id,
      pricePaise: product.price_paise - 20000,
      stock: 4,
      dispatchDays: 2,
      warranty: '1 year seller warranty',
      warrantyMonths: 12,
    };
    const created = await json(t.app, 'POST', '/api/vendor/offers', body, kharghar.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const offer = (created.json() as { offer: VendorOffer }).offer;
    expect(offer).toMatchObject({
      productId: product.id,
      pricePaise: body.pricePaise,
      stock: 4,
      condition: 'new',
      grade: null,
      status: 'active',
    });
    const listed = await json(t.app, 'GET', '/api/vendor/offers', undefined, kharghar.cookie);
    expect((listed.json() as { items: VendorOffer[] }).items.map((o) => o.id)).toContain(offer.id);
    const [audit] = await rows<{ action: string; vendor_id: string }>(
      sql`select action, vendor_id from audit_log where entity_id = ${offer.id} order by id limit 1`,
    );
    expect(audit).toEqual({ action: 'product.offer_create', vendor_id: kharghar.vendorId });

    // The same configuration again in the same condition is a conflict; refurbished grade A is another offer.
    const again = await json(t.app, 'POST', '/api/vendor/offers', body, kharghar.cookie);
    expect(again.statusCode).toBe(409);
    const refurbished = await json(
      t.app,
      'POST',
      '/api/vendor/offers',
      { ...body, condition: 'refurbished', grade: 'A', pricePaise: body.pricePaise - 50000 },
      kharghar.cookie,
    );
    expect(refurbished.statusCode, refurbished.body).toBe(201);

    const changed = await json(t.app, 'PATCH', `/api/vendor/offers/${offer.id}`, { stock: 9, status: 'paused' }, kharghar.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { offer: VendorOffer }).offer).toMatchObject({ stock: 9, status: 'paused' });
  });

  it('shows each product with its picture and each configuration with its options by name, its sellers and whether this seller offers it', async () => {
    const first = await puneProduct();
    const [monitor] = await rows<{ id: string; model: string; mrp_paise: number; price_paise: number }>(sql`
      select p.id, p.model, v.mrp_paise, p.price_paise from products p join product_variants v on v.id = p.id
       where p.vendor_id = ${puneTechHub.vendorId} and p.status = 'active' and p.category = 'Monitor' and p.model is not null
         and p.stock > 0 and p.id <> ${first.id} order by p.id limit 1`);
    // The monitor comes in two sizes; its 24 inch configuration is the product's own, and it has a picture.
    const v27 = `pvr_match27_${monitor!.id}`;
    await t.services.database.db.execute(sql`update products set option_keys = '{size}' where id = ${monitor!.id}`);
    await t.services.database.db.execute(sql`update product_variants set options = '{"size": "24 inch"}' where id = ${monitor!.id}`);
    await t.services.database.db.execute(sql`
      insert into product_variants (id, product_id, options, position, mrp_paise, hsn_code)
      values (${v27}, ${monitor!.id}, '{"size": "27 inch"}', 1, ${monitor!.mrp_paise + 500000}, '85285200')`);
    await t.services.database.db.execute(sql`
      insert into product_images (id, product_id, position, storage_key, alt, width, height)
      values (${`img_match_${monitor!.id}`}, ${monitor!.id}, 0, 'test/none.jpg', 'The monitor from the front', 1200, 800)`);
    const match = async () => {
      const res = await json(
        t.app,
        'GET',
        `/api/vendor/catalogue-match?q=${encodeURIComponent(monitor!.model)}`,
        undefined,
        kharghar.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as CatalogueMatchResponse).items.find((i) => i.productId === monitor!.id)!;
    };
    const found = await match();
    expect(found.image).toEqual({ id: `img_match_${monitor!.id}`, alt: 'The monitor from the front', width: 1200, height: 800 });
    expect(found.variants.map((v) => [v.variantId, v.configuration, v.sellerCount, v.offeredByYou])).toEqual([
      [monitor!.id, [{ option: 'Screen size', value: '24 inch' }], 1, false],
      [v27, [{ option: 'Screen size', value: '27 inch' }], 0, false],
    ]);

    // Once Kharghar offers the 27 inch, it is one of its sellers and Kharghar's own; its offer names it the same way.
    const body = { variantId: v27, pricePaise: monitor!.price_paise, stock: 2, warranty: '1 year onsite', warrantyMonths: 12 };
    const created = await json(t.app, 'POST', '/api/vendor/offers', body, kharghar.cookie);
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { offer: VendorOffer }).offer).toMatchObject({
      configuration: [{ option: 'Screen size', value: '27 inch' }],
      image: { id: `img_match_${monitor!.id}` },
    });
    const after = (await match()).variants.find((v) => v.variantId === v27);
    expect(after).toMatchObject({ sellerCount: 1, offerCount: 1, offeredByYou: true, fromPricePaise: monitor!.price_paise });
  });

  it('refuses a change of stock when orders changed it since the seller saw it, and a change of nothing', async () => {
    const product = await puneProduct();
    const created = await json(
      t.app,
      'POST',
      '/api/vendor/offers',
      { variantId: product.id, pricePaise: 1500, stock: 5, warranty: '6 months', warrantyMonths: 6, condition: 'refurbished', grade: 'B' },
      kharghar.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = (created.json() as { offer: VendorOffer }).offer;
    // An order took two units while the seller's form was open at 5.
    await t.services.database.db.execute(sql`update offers set stock = 3 where id = ${id}`);
    const stale = await json(t.app, 'PATCH', `/api/vendor/offers/${id}`, { stock: 10, stockWas: 5, pricePaise: 1400 }, kharghar.cookie);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.fields.stock).toBe(
      'Stock is now 3, not 5: orders came in while you were editing. Check the stock and save again.',
    );
    const [kept] = await rows<{ stock: number; price_paise: number }>(sql`select stock, price_paise from offers where id = ${id}`);
    expect(kept).toEqual({ stock: 3, price_paise: 1500 });
    // The stock seen is 3 now: the change goes through and is audited without the stock seen.
    const fresh = await json(t.app, 'PATCH', `/api/vendor/offers/${id}`, { stock: 10, stockWas: 3 }, kharghar.cookie);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((fresh.json() as { offer: VendorOffer }).offer.stock).toBe(10);
    const [audit] = await rows<{ summary: string; after: Record<string, unknown> }>(
      sql`select summary, after from audit_log where entity_id = ${id} and action = 'product.offer_update' order by id desc limit 1`,
    );
    expect(audit!.summary).toMatch(/^Changed the stock of the offer of /);
    expect(audit!.after).toEqual({ stock: 10 });
    // A price or status change does not need the stock seen; the stock seen alone changes nothing.
    expect((await json(t.app, 'PATCH', `/api/vendor/offers/${id}`, { status: 'paused', stockWas: 99 }, kharghar.cookie)).statusCode).toBe(
      200,
    );
    expect((await json(t.app, 'PATCH', `/api/vendor/offers/${id}`, { stockWas: 10 }, kharghar.cookie)).statusCode).toBe(400);
  });

  it('refuses a price above the MRP, a refurbished unit without a grade and its own product, with field errors', async () => {
    const product = await puneProduct();
    const base = { variantId: product.id, pricePaise: product.mrp_paise + 100, stock: 1, warranty: '6 months', warrantyMonths: 6 };
    const above = await json(t.app, 'POST', '/api/vendor/offers', base, kharghar.cookie);
    expect(above.statusCode).toBe(400);
    expect(above.json().error.fields.pricePaise).toMatch(/At most the MRP/);
    const ungraded = await json(
      t.app,
      'POST',
      '/api/vendor/offers',
      { ...base, pricePaise: 1000, condition: 'refurbished' },
      kharghar.cookie,
    );
    expect(ungraded.statusCode).toBe(400);
    expect(ungraded.json().error.fields.grade).toMatch(/grade/);
    const ownProduct = await json(t.app, 'POST', '/api/vendor/offers', { ...base, pricePaise: 1000 }, puneTechHub.cookie);
    expect(ownProduct.statusCode).toBe(400);
    expect(ownProduct.json().error.fields.variantId).toBeDefined();
  });

  it('another vendor’s offer is a 404 to read and to change, a customer may not offer at all, and a visitor is asked to sign in', async () => {
    const product = await puneProduct();
    const body = {
      variantId: product.id,
      pricePaise: 1000,
      stock: 1,
      warranty: '6 months',
      warrantyMonths: 6,
      condition: 'refurbished',
      grade: 'C',
    };
    const created = await json(t.app, 'POST', '/api/vendor/offers', body, kharghar.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = (created.json() as { offer: VendorOffer }).offer;
    // Pune Tech Hub listed the product, but the offer is Kharghar's: not Pune Tech Hub's to read or change.
    expect((await json(t.app, 'GET', `/api/vendor/offers/${id}`, undefined, puneTechHub.cookie)).statusCode).toBe(404);
    const patched = await json(t.app, 'PATCH', `/api/vendor/offers/${id}`, { pricePaise: 500 }, puneTechHub.cookie);
    expect(patched.statusCode).toBe(404);
    expect((await rows<{ price_paise: number }>(sql`select price_paise from offers where id = ${id}`))[0]!.price_paise).toBe(1000);
    const customer = await signUpCustomer(t);
    expect((await json(t.app, 'POST', '/api/vendor/offers', body, customer.cookie)).statusCode).toBe(403);
    // A visitor is asked to sign in, for every route.
    for (const [method, url] of [
      ['GET', '/api/vendor/catalogue-match?q=Dell'],
      ['GET', '/api/vendor/offers'],
      ['GET', `/api/vendor/offers/${id}`],
      ['POST', '/api/vendor/offers'],
      ['PATCH', `/api/vendor/offers/${id}`],
    ] as const) {
      expect((await json(t.app, method, url, method === 'GET' ? undefined : body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

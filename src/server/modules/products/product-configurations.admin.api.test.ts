import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetailResponse } from '~/shared/schemas/catalogue';
import type { ConfigurationInput, ConfigurationsResponse } from '~/shared/schemas/product-configurations';
import type { ProductPicture } from '~/shared/schemas/vendor-products';
import { signInAdmin } from '../../test/accounts-kit';
import { listLaptop as listLaptopOf, trustedSeller } from '../../test/configurations-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/** An admin edits any seller's product's configurations with the seller's grid (decision 70); other sellers' offers are shown, not changed. */
let t: TestApp;
let seller: { cookie: string; vendorId: string };
let rival: { cookie: string; vendorId: string };
let admin: { cookie: string };

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.services.database.db.execute<T>(query)).rows as T[];

const approvedSeller = (name: string) => trustedSeller(t, name);
const listLaptop = (cookie: string) => listLaptopOf(t, cookie);

const adminGrid = (productId: string) => json(t.app, 'GET', `/api/admin/products/${productId}/configurations`, undefined, admin.cookie);
const adminSave = (productId: string, body: unknown) =>
  json(t.app, 'PUT', `/api/admin/products/${productId}/configurations`, body, admin.cookie);

/** The grid's rows as they came, ready to send back (the stock seen carried). */
function rowsOf(answer: ConfigurationsResponse): ConfigurationInput[] {
  return answer.configurations
    .filter((c) => c.status === 'active')
    .map((c) => ({
      variantId: c.variantId,
      options: c.options,
      sku: c.sku,
      ean: c.ean,
      status: c.status,
      mrpPaise: c.mrpPaise,
      hsnCode: c.hsnCode,
      gstRateBp: c.gstRateBp,
      processor: c.processor,
      ramGb: c.ramGb,
      storageGb: c.storageGb,
      storageType: c.storageType,
      screenSizeIn: c.screenSizeIn,
      colour: c.colour,
      pricePaise: c.offer!.pricePaise,
      stock: c.offer!.stock,
      stockWas: c.offer!.stock,
      dispatchDays: c.offer!.dispatchDays,
    }));
}

/** The laptop's own configuration named 16 GB / 512 GB, and a 32 GB / 1 TB one beside it at ₹94,990 (MRP ₹1,09,990), 3 in stock. */
function twoConfigurations(answer: ConfigurationsResponse, sku: string): { optionKeys: string[]; configurations: ConfigurationInput[] } {
  const [own] = rowsOf(answer);
  return {
    optionKeys: ['ram', 'storage'],
    configurations: [
      { ...own!, options: { ram: '16 GB', storage: '512 GB SSD' } },
      {
        options: { ram: '32 GB', storage: '1 TB SSD' },
        sku,
        ean: '8901234567890',
        status: 'active',
        mrpPaise: 109_990_00,
        hsnCode: '84713010',
        gstRateBp: 1800,
        processor: 'Intel Core Ultra 7 155U',
        ramGb: 32,
        storageGb: 1024,
        storageType: 'SSD',
        screenSizeIn: 14,
        colour: null,
        pricePaise: 94_990_00,
        stock: 3,
        dispatchDays: 2,
      },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await approvedSeller('Kothrud Laptop Point');
  rival = await approvedSeller('Hinjewadi Systems');
  admin = await signInAdmin(t);
}, 120_000);
afterAll(() => t.close());

describe('an admin edits a product’s configurations', () => {
  it('adds a configuration for its seller, sees another seller’s offer without changing it, and the save is the admin’s in the audit log', async () => {
    const product = await listLaptop(seller.cookie);
    const offered = await json(
      t.app,
      'POST',
      '/api/vendor/offers',
      { variantId: product.id, pricePaise: 73_500_00, stock: 2, dispatchDays: 3, warranty: '1 year seller warranty', warrantyMonths: 12 },
      rival.cookie,
    );
    expect(offered.statusCode, offered.body).toBe(201);

    const res = await adminGrid(product.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ConfigurationsResponse;
    expect(answer.configurations[0]).toMatchObject({
      variantId: product.id,
      offer: { pricePaise: 74_990_00, stock: 5 },
      otherOffers: [{ sellerName: 'Hinjewadi Systems', pricePaise: 73_500_00, stock: 2, dispatchDays: 3 }],
    });

    const saved = await adminSave(product.id, twoConfigurations(answer, `TPB-ADM-${Date.now().toString(36)}`));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ConfigurationsResponse).configurations.map((c) => c.label)).toEqual(['16 GB · 512 GB SSD', '32 GB · 1 TB SSD']);
    // The seller sees the admin's change in the seller centre; the other seller's offer is as it was.
    const mine = (
      await json(t.app, 'GET', `/api/vendor/products/${product.id}/configurations`, undefined, seller.cookie)
    ).json() as ConfigurationsResponse;
    expect(mine.configurations[1]).toMatchObject({ label: '32 GB · 1 TB SSD', offer: { pricePaise: 94_990_00, stock: 3 } });
    const [other] = await rows<{ price_paise: number; stock: number }>(
      sql`select price_paise, stock from offers where vendor_id = ${rival.vendorId}`,
    );
    expect(other).toEqual({ price_paise: 73_500_00, stock: 2 });
    const [entry] = await rows<{ actor_role: string; vendor_id: string }>(
      sql`select actor_role, vendor_id from audit_log where entity_id = ${product.id} and action = 'product.configurations_update'`,
    );
    expect(entry).toEqual({ actor_role: 'admin', vendor_id: seller.vendorId });
  });

  it('answers 404 for a product that does not exist, and 401/403 to a seller', async () => {
    expect((await adminGrid('prd_missing')).statusCode).toBe(404);
    const product = await listLaptop(seller.cookie);
    const asSeller = await json(t.app, 'GET', `/api/admin/products/${product.id}/configurations`, undefined, seller.cookie);
    expect([401, 403]).toContain(asSeller.statusCode);
  });
});

/** A plain picture of one colour, uploaded by the product's seller. */
async function picture(cookie: string, productId: string, colour: { r: number; g: number; b: number }): Promise<ProductPicture> {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/vendor/products/${productId}/images?alt=Front`,
    headers: { cookie, 'content-type': 'image/png' },
    payload: bytes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { picture: ProductPicture }).picture;
}

describe('an admin marks a picture as a configuration’s', () => {
  const mark = (productId: string, imageId: string, variantId: string | null) =>
    json(t.app, 'PUT', `/api/admin/products/${productId}/images/${imageId}`, { variantId }, admin.cookie);
  const adminPictures = async (productId: string) =>
    (
      (await json(t.app, 'GET', `/api/admin/products/${productId}/images`, undefined, admin.cookie)).json() as {
        pictures: ProductPicture[];
      }
    ).pictures;

  it('sets and clears the configuration of any seller’s picture, audited as the admin’s; another product’s configuration is refused', async () => {
    const product = await listLaptop(seller.cookie);
    const saved = await adminSave(
      product.id,
      twoConfigurations((await adminGrid(product.id)).json(), `TPB-APIC-${Date.now().toString(36)}`),
    );
    const big = (saved.json() as ConfigurationsResponse).configurations[1]!;
    const front = await picture(seller.cookie, product.id, { r: 30, g: 30, b: 30 });
    const silver = await picture(seller.cookie, product.id, { r: 200, g: 200, b: 210 });
    expect((await adminPictures(product.id)).map((p) => [p.id, p.variantId])).toEqual([
      [front.id, null],
      [silver.id, null],
    ]);

    // A configuration of another product is not one of this product's: 400 naming the field, nothing changed.
    const elsewhere = await listLaptop(rival.cookie);
    const wrong = await mark(product.id, silver.id, elsewhere.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: `Choose one of the configurations of ${product.name}.`,
      fields: { variantId: 'Choose one of this product’s configurations' },
    });
    // A picture of another product, or of none, is not found.
    const other = await picture(rival.cookie, elsewhere.id, { r: 10, g: 120, b: 40 });
    expect((await mark(product.id, other.id, big.variantId)).statusCode).toBe(404);
    expect((await mark('prd_nothing_here', silver.id, null)).statusCode).toBe(404);

    const marked = await mark(product.id, silver.id, big.variantId);
    expect(marked.statusCode, marked.body).toBe(200);
    expect((marked.json() as { picture: ProductPicture }).picture).toMatchObject({ id: silver.id, variantId: big.variantId });
    const page = (await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).json() as ProductDetailResponse;
    expect(page.product.images.map((i) => i.id)).toEqual([front.id]);
    expect(page.variants.find((v) => v.id === big.variantId)!.images.map((i) => i.id)).toEqual([silver.id]);
    // The seller centre shows the admin's choice.
    const sellers = await json(t.app, 'GET', `/api/vendor/products/${product.id}/images`, undefined, seller.cookie);
    expect((sellers.json() as { pictures: ProductPicture[] }).pictures.find((p) => p.id === silver.id)?.variantId).toBe(big.variantId);

    const cleared = await mark(product.id, silver.id, null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await adminPictures(product.id)).every((p) => p.variantId === null)).toBe(true);
    const again = (await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).json() as ProductDetailResponse;
    expect(again.product.images.map((i) => i.id)).toEqual([front.id, silver.id]);

    // Both changes are in the audit log as the admin's, on the seller's product; marking what is set writes nothing.
    expect((await mark(product.id, silver.id, null)).statusCode).toBe(200);
    const entries = await rows<{ actor_role: string; vendor_id: string; summary: string; after: { variantId: string | null } }>(
      sql`select actor_role, vendor_id, summary, after from audit_log
           where action = 'product.update' and entity_id = ${product.id} and after ? 'picture' order by id`,
    );
    expect(entries).toEqual([
      {
        actor_role: 'admin',
        vendor_id: seller.vendorId,
        summary: `Showed a picture of ${product.name} for its configuration 32 GB · 1 TB SSD`,
        after: expect.objectContaining({ picture: silver.id, variantId: big.variantId }),
      },
      {
        actor_role: 'admin',
        vendor_id: seller.vendorId,
        summary: `Showed a picture of ${product.name} for all its configurations`,
        after: expect.objectContaining({ picture: silver.id, variantId: null }),
      },
    ]);
  });

  it('refuses a seller and a visitor', async () => {
    const product = await listLaptop(seller.cookie);
    const front = await picture(seller.cookie, product.id, { r: 90, g: 30, b: 30 });
    const url = `/api/admin/products/${product.id}/images/${front.id}`;
    expect((await json(t.app, 'PUT', url, { variantId: null }, seller.cookie)).statusCode).toBe(403);
    expect((await json(t.app, 'PUT', url, { variantId: null })).statusCode).toBe(401);
  });
});

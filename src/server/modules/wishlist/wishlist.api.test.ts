import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WISHLIST_ITEMS } from '~/shared/schemas/wishlist';
import { products } from '../../db/schema/catalogue';
import { productImages } from '../../db/schema/media';
import { wishlistItems } from '../../db/schema/wishlist';
import { vendors } from '../../db/schema/vendors';
import { newId } from '../../lib/ids';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp, registerCustomer } from '../../test/test-app';

let t: TestApp;
let vendorId: string;
let pendingVendorId: string;
let vendorCookie: string;
const password = 'Kothrud-Laptop-42';

/** Registers a vendor through the API (status pending); returns its record id and session cookie. */
async function registerVendor(businessName: string) {
  const res = await json(t.app, 'POST', '/api/vendors/register', {
    name: 'Aniket Joshi',
    email: uniqueEmail('vendor'),
    password,
    confirmPassword: password,
    businessName,
    mobile: '98220 45678',
    pickupLine1: 'Shop 2, Laxmi Road',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411038',
  });
  expect(res.statusCode).toBe(201);
  const [row] = await t.services.database.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, res.json().user.uid));
  return { id: row!.id, cookie: cookieFrom(res) };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  const vendor = await registerVendor('Kothrud Laptop House');
  vendorId = vendor.id;
  vendorCookie = vendor.cookie;
  // Only products of approved vendors are on sale.
  await t.services.database.db.update(vendors).set({ status: 'approved', decidedAt: new Date() }).where(eq(vendors.id, vendorId));
  pendingVendorId = (await registerVendor('Vashi Awaiting Approval')).id;
});
afterAll(() => t.close());

type ProductRow = typeof products.$inferInsert;

/** Puts a product straight into the catalogue (the catalogue's own write path is not under test here). */
async function insertProduct(overrides: Partial<ProductRow> = {}): Promise<string> {
  const id = newId('prd');
  await t.services.database.db.insert(products).values({
    id,
    vendorId,
    category: 'Laptop',
    brand: 'Lenovo',
    name: `Lenovo IdeaPad Slim 3 ${id.slice(-6)}`,
    slug: `lenovo-ideapad-slim-3-${id.slice(-8).toLowerCase()}`,
    description: 'A light 15.6-inch laptop for college and office work.',
    pricePaise: 52_990_00,
    mrpPaise: 74_890_00,
    stock: 12,
    status: 'active',
    hsnCode: '84713010',
    warranty: '1 year onsite manufacturer warranty',
    warrantyMonths: 12,
    processor: 'Intel Core i5-13420H',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenSizeIn: 15.6,
    resolutionName: 'Full HD',
    ...overrides,
  });
  return id;
}

const newCustomer = (name?: string) => registerCustomer(t.app, name);

const save = (cookie: string, productId: string) => json(t.app, 'PUT', `/api/wishlist/${productId}`, undefined, cookie);
const unsave = (cookie: string, productId: string) => json(t.app, 'DELETE', `/api/wishlist/${productId}`, undefined, cookie);
const ids = async (cookie: string) => {
  const res = await json(t.app, 'GET', '/api/wishlist/ids', undefined, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { productIds: string[] }).productIds;
};
const cards = async (cookie: string) => {
  const res = await json(t.app, 'GET', '/api/wishlist', undefined, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: { id: string; name: string }[] }).items;
};

describe('who may use a wishlist', () => {
  it('asks a signed-out visitor to sign in on every route', async () => {
    const productId = await insertProduct();
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['GET', '/api/wishlist/ids'],
      ['PUT', `/api/wishlist/${productId}`],
      ['DELETE', `/api/wishlist/${productId}`],
    ] as const) {
      const res = await json(t.app, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a vendor account with 403', async () => {
    const productId = await insertProduct();
    const res = await save(vendorCookie, productId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'This needs a customer account.' });
    expect((await json(t.app, 'GET', '/api/wishlist', undefined, vendorCookie)).statusCode).toBe(403);
  });
});

describe('a customer wishlist', () => {
  it('saves products, lists them newest first as cards, and removes one', async () => {
    const cookie = await newCustomer();
    const laptop = await insertProduct();
    const monitor = await insertProduct({
      category: 'Monitor',
      brand: 'Dell',
      name: 'Dell S2725DS 27-inch QHD monitor',
      processor: null,
      ramGb: null,
      storageGb: null,
      storageType: null,
      screenSizeIn: 27,
      resolutionName: 'QHD',
      panelType: 'IPS',
      refreshRateHz: 100,
      pricePaise: 21_499_00,
      mrpPaise: 21_499_00,
      stock: 3,
    });
    await t.services.database.db.insert(productImages).values({
      id: newId('img'),
      productId: monitor,
      position: 0,
      storageKey: 'products/test/monitor.jpg',
      alt: 'Dell S2725DS from the front',
      width: 1600,
      height: 1200,
    });

    expect(await cards(cookie)).toEqual([]);
    expect((await save(cookie, laptop)).statusCode).toBe(204);
    expect((await save(cookie, monitor)).statusCode).toBe(204);

    expect(await ids(cookie)).toEqual([monitor, laptop]);
    const list = await cards(cookie);
    expect(list.map((c) => c.id)).toEqual([monitor, laptop]);
    expect(list[0]).toMatchObject({
      id: monitor,
      brand: 'Dell',
      category: 'Monitor',
      pricePaise: 21_499_00,
      discountPercent: 0,
      stockStatus: 'low_stock',
      image: { alt: 'Dell S2725DS from the front', width: 1600, height: 1200 },
      vendorName: 'Kothrud Laptop House',
    });
    expect(list[1]).toMatchObject({ id: laptop, mrpPaise: 74_890_00, discountPercent: 29, stockStatus: 'in_stock', image: null });

    expect((await unsave(cookie, laptop)).statusCode).toBe(204);
    expect(await ids(cookie)).toEqual([monitor]);
    // Removing what is not there is not an error.
    expect((await unsave(cookie, laptop)).statusCode).toBe(204);
  });

  it('keeps one entry when the same product is saved twice', async () => {
    const cookie = await newCustomer();
    const laptop = await insertProduct();
    expect((await save(cookie, laptop)).statusCode).toBe(204);
    expect((await save(cookie, laptop)).statusCode).toBe(204);
    expect(await ids(cookie)).toEqual([laptop]);
    expect(await cards(cookie)).toHaveLength(1);
  });

  it('answers 404 for a product that does not exist or is not on sale', async () => {
    const cookie = await newCustomer();
    const draft = await insertProduct({ status: 'draft' });
    const ofPendingVendor = await insertProduct({ vendorId: pendingVendorId });
    for (const productId of ['prd_doesNotExist', draft, ofPendingVendor]) {
      const res = await save(cookie, productId);
      expect(res.statusCode, productId).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'NOT_FOUND',
        message: expect.stringMatching(/not in our catalogue|no longer on sale/),
      });
    }
    expect(await ids(cookie)).toEqual([]);
  });

  it('stops showing a saved product once it is taken off sale', async () => {
    const cookie = await newCustomer();
    const laptop = await insertProduct();
    expect((await save(cookie, laptop)).statusCode).toBe(204);
    await t.services.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, laptop));
    expect(await ids(cookie)).toEqual([]);
    expect(await cards(cookie)).toEqual([]);
  });

  it("never shows one customer another customer's list", async () => {
    const asha = await newCustomer('Asha Patil');
    const rohan = await newCustomer('Rohan Deshpande');
    const laptop = await insertProduct();
    expect((await save(asha, laptop)).statusCode).toBe(204);
    expect(await ids(rohan)).toEqual([]);
    expect(await cards(rohan)).toEqual([]);
    // Rohan removing the product only touches his own (empty) list.
    expect((await unsave(rohan, laptop)).statusCode).toBe(204);
    expect(await ids(asha)).toEqual([laptop]);
  });

  it(`holds at most ${MAX_WISHLIST_ITEMS} products and says so with 409`, async () => {
    const cookie = await newCustomer();
    const userId = (await json(t.app, 'GET', '/api/auth/session', undefined, cookie)).json().user.uid as string;
    const db = t.services.database.db;
    const many = Array.from({ length: MAX_WISHLIST_ITEMS }, () => newId('prd'));
    await db.insert(products).values(
      many.map((id) => ({
        id,
        vendorId,
        category: 'Desktop',
        brand: 'HP',
        name: `HP Pro Tower ${id}`,
        slug: `hp-pro-tower-${id.toLowerCase()}`,
        description: 'An office desktop.',
        pricePaise: 45_000_00,
        mrpPaise: 50_000_00,
        stock: 5,
        status: 'active',
        hsnCode: '84715000',
        warranty: '3 years',
        warrantyMonths: 36,
      })),
    );
    await db.insert(wishlistItems).values(many.map((productId) => ({ userId, productId })));

    const one = await insertProduct();
    const full = await save(cookie, one);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`at most ${MAX_WISHLIST_ITEMS}`) });
    // Saving one already on the full list is still fine.
    expect((await save(cookie, many[0]!)).statusCode).toBe(204);
    expect((await unsave(cookie, many[0]!)).statusCode).toBe(204);
    expect((await save(cookie, one)).statusCode).toBe(204);
  });
});

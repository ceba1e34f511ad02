import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages } from '../../db/schema/media';
import { products } from '../../db/schema/catalogue';
import { users } from '../../db/schema/auth';
import { vendors } from '../../db/schema/vendors';
import { newId } from '../../lib/ids';
import { startTestS3 } from '../../test/s3';
import { createTestApp, registerCustomer, uniqueEmail, type TestApp } from '../../test/test-app';
import { signInAdmin, signUpVendor } from '../../test/accounts-kit';
import { renderProductImages } from '../../ops/seed/art/product-art';

let t: TestApp;
let activeImage: string;
let secondImage: string;
let draftImage: string;
let masterKey: string;
let masters: Buffer[];

/** An approved vendor, written straight to the tables (this file tests media, not registration). */
async function addVendor(app: TestApp): Promise<string> {
  const { db } = app.services.database;
  const userId = newId('usr');
  await db.insert(users).values({ id: userId, name: 'Aniket Joshi', email: uniqueEmail('vendor'), role: 'vendor' });
  const vendorId = newId('ven');
  await db.insert(vendors).values({
    id: vendorId,
    userId,
    businessName: 'Pune Tech Hub',
    mobile: '+919822045678',
    pickupLine1: 'Shop 2, Laxmi Road',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411038',
    status: 'approved',
  });
  return vendorId;
}

/** A product with these pictures, each master kept in the app's media storage; returns the picture ids. */
async function addProduct(
  vendorId: string,
  status: 'active' | 'draft' | 'archived' | 'hidden',
  masters: Buffer[],
  app: TestApp = t,
): Promise<string[]> {
  const productId = newId('prd');
  const { db } = app.services.database;
  await db.insert(products).values({
    id: productId,
    vendorId,
    category: 'Laptop',
    brand: 'Lenovo',
    name: `Lenovo ThinkPad E14 Gen 5 ${productId}`,
    slug: `lenovo-thinkpad-e14-gen-5-${productId.toLowerCase()}`,
    model: '21JK00C5IG',
    description: 'A sturdy business laptop.',
    pricePaise: 6_499_000,
    mrpPaise: 7_999_000,
    stock: 5,
    status,
    hsnCode: '8471',
    warranty: '1 year onsite',
    warrantyMonths: 12,
    screenSizeIn: 14,
  });
  const ids: string[] = [];
  for (const [position, master] of masters.entries()) {
    const id = newId('img');
    const storageKey = `products/${productId}/${id}.webp`;
    await app.services.mediaService.storage.put(storageKey, master);
    await db
      .insert(productImages)
      .values({ id, productId, position, storageKey, alt: 'Lenovo ThinkPad E14 Gen 5 — front view', width: 1200, height: 900 });
    ids.push(id);
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.services.database;
  const vendorId = await addVendor(t);
  masters = (
    await renderProductImages({
      key: 'media-test',
      category: 'Laptop',
      brand: 'Lenovo',
      name: 'ThinkPad E14 Gen 5',
      model: '21JK00C5IG',
      screenSizeIn: 14,
    })
  ).map((a) => a.buffer);
  [activeImage, secondImage] = (await addProduct(vendorId, 'active', masters)) as [string, string];
  [draftImage] = (await addProduct(vendorId, 'draft', masters.slice(0, 1))) as [string];
  masterKey = (await db.select({ key: productImages.storageKey }).from(productImages)).find((r) =>
    r.key.endsWith(`${secondImage}.webp`),
  )!.key;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /media/products/:imageId/:file', () => {
  it('resizes to the width and encodes WebP, cached for a year', async () => {
    const res = await get(`/media/products/${activeImage}/320.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['x-media-cache']).toBe('miss');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });

    const again = await get(`/media/products/${activeImage}/320.webp`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-media-cache']).toBe('hit');
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    expect(await t.services.mediaService.storage.get(`cache/${activeImage}/320.webp`)).not.toBeNull();
  });

  it('encodes AVIF and JPEG too, each its own file with its own ETag', async () => {
    const avif = await get(`/media/products/${activeImage}/320.avif`);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(avif.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'heif', compression: 'av1', width: 320, height: 240 });

    const jpeg = await get(`/media/products/${activeImage}/160.jpg`);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
    expect(new Set([avif.headers.etag, jpeg.headers.etag]).size).toBe(2);
  });

  it('never enlarges: 1280 wide of a 1200-pixel master is 1200 wide', async () => {
    const res = await get(`/media/products/${activeImage}/1280.webp`);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1200, height: 900 });
  });

  it('serves a cached size without reading the master again', async () => {
    const first = await get(`/media/products/${secondImage}/480.jpg`);
    expect(first.statusCode).toBe(200);
    const master = await t.services.mediaService.storage.get(masterKey);
    await t.services.mediaService.storage.delete(masterKey);
    try {
      const cached = await get(`/media/products/${secondImage}/480.jpg`);
      expect(cached.statusCode).toBe(200);
      expect(cached.headers['x-media-cache']).toBe('hit');
      // A size never made before needs the master: it is gone, so the picture is not found.
      const uncached = await get(`/media/products/${secondImage}/640.jpg`);
      expect(uncached.statusCode).toBe(404);
      expect(String(uncached.headers['cache-control'] ?? '')).not.toMatch(/immutable/);
    } finally {
      await t.services.mediaService.storage.put(masterKey, master!);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const res = await get(`/media/products/${activeImage}/640.webp`);
    const etag = String(res.headers.etag);
    const cached = await get(`/media/products/${activeImage}/640.webp`, { 'if-none-match': `"other", ${etag}` });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(etag);
    expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(`/media/products/${activeImage}/640.webp`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('makes a burst of requests for one size encode it once', async () => {
    const burst = await Promise.all(Array.from({ length: 6 }, () => get(`/media/products/${secondImage}/960.webp`)));
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(burst.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('says an unknown picture is not found, as JSON', async () => {
    for (const url of ['/media/products/img_doesnotexist/320.webp', '/media/products/no%20such/320.webp', '/media/elsewhere.png']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('refuses widths and formats it does not make, saying which it does', async () => {
    for (const file of ['333.webp', '320.gif', '320.png', 'big.webp']) {
      const res = await get(`/media/products/${activeImage}/${file}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.message).toMatch(/160, 320, 480, 640, 960, 1280/);
    }
  });

  it('is described in the API documentation as a public route', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const route = res.json().paths['/media/products/{imageId}/{file}'];
    expect(route?.get).toMatchObject({ tags: ['media'], 'x-access': 'public' });
  });

  it('does not show pictures of products that are not active', async () => {
    const res = await get(`/media/products/${draftImage}/320.webp`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('pictures of products not on display, as each viewer sees them', () => {
  let seller: { cookie: string; vendorId: string };
  let otherSeller: { cookie: string };
  let admin: { cookie: string };
  let customer: string;
  const images = {} as Record<'draft' | 'hidden' | 'archived' | 'active', string>;

  beforeAll(async () => {
    // A vendor still waiting for approval prepares its products as drafts: it sees their pictures too.
    seller = await signUpVendor(t, 'Baner Laptop Studio');
    otherSeller = await signUpVendor(t, 'Kothrud Computers');
    admin = await signInAdmin(t);
    customer = await registerCustomer(t.app);
    for (const status of ['draft', 'hidden', 'archived', 'active'] as const) {
      [images[status]] = (await addProduct(seller.vendorId, status, masters.slice(0, 1))) as [string];
    }
  });

  const picture = (imageId: string, cookie?: string) => get(`/media/products/${imageId}/160.webp`, cookie ? { cookie } : {});

  it("shows an archived product's picture to anyone (a customer's past orders show it), cached for a year", async () => {
    const res = await picture(images.archived);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("shows a draft's and a hidden product's pictures to their own vendor and to an admin, kept by that browser only", async () => {
    for (const status of ['draft', 'hidden'] as const) {
      for (const cookie of [seller.cookie, admin.cookie]) {
        const res = await picture(images[status], cookie);
        expect(res.statusCode, `${status}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('private, max-age=86400');
        expect((await sharp(res.rawPayload).metadata()).width).toBe(160);
      }
    }
  });

  it("does not show a draft's or a hidden product's picture to anyone else: a visitor, a customer, another vendor", async () => {
    for (const status of ['draft', 'hidden'] as const) {
      for (const cookie of [undefined, customer, otherSeller.cookie]) {
        const res = await picture(images[status], cookie);
        expect(res.statusCode, `${status} for ${cookie ? 'a signed-in account' : 'a visitor'}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
  });

  it("answers an active product's picture to its vendor as to anyone: public and kept for a year", async () => {
    const res = await picture(images.active, seller.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('media paths beside the web app', () => {
  it('answers a missing /media path with a JSON 404, never the web app page', async () => {
    const webDir = await mkdtemp(path.join(tmpdir(), 'media-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    const withWeb = await createTestApp({ WEB_DIST_DIR: webDir });
    try {
      for (const url of ['/media/products/img_missing/320.webp', '/media/products/img_missing', '/media/logo.png', '/media']) {
        const res = await withWeb.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    } finally {
      await withWeb.close();
      await rm(webDir, { recursive: true, force: true });
    }
  });
});

describe('pictures sent for a product (ready for uploads)', () => {
  const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg') =>
    sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .toFormat(format)
      .toBuffer();

  it('keeps a readable photo as an upright WebP master, scaled to fit 2000 × 2000', async () => {
    const stored = await t.services.mediaService.storeOriginal('prd_upload', await photo(3000, 2000));
    expect(stored).toMatchObject({ width: 2000, height: 1333, storageKey: `products/prd_upload/${stored.imageId}.webp` });
    const master = await t.services.mediaService.storage.get(stored.storageKey);
    expect(await sharp(master!).metadata()).toMatchObject({ format: 'webp', width: 2000, height: 1333 });
  });

  it('refuses what is not a photo it can read, too small, or of another format, storing nothing', async () => {
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('this is not a picture'), /not a picture we can read/],
      [await photo(400, 300), /400 × 300 pixels; it must be at least 600 × 450/],
      [await photo(800, 600, 'gif'), /must be JPEG, PNG, WebP or AVIF, not gif/],
      [Buffer.alloc(10 * 1024 * 1024 + 1), /larger than 10 MB/],
    ];
    for (const [bytes, reason] of cases) {
      const error = await t.services.mediaService.storeOriginal('prd_refused', bytes).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'VALIDATION', statusCode: 400, fields: { file: expect.stringMatching(reason) } });
    }
  });

  it('deletes a picture with its master and every resized copy', async () => {
    expect((await get(`/media/products/${secondImage}/320.webp`)).statusCode).toBe(200);
    const master = await t.services.mediaService.storage.get(masterKey);
    expect(await t.services.mediaService.deleteImage(secondImage)).toBe(true);
    expect(await t.services.mediaService.storage.get(masterKey)).toBeNull();
    expect(await t.services.mediaService.storage.get(`cache/${secondImage}/320.webp`)).toBeNull();
    expect((await get(`/media/products/${secondImage}/320.webp`)).statusCode).toBe(404);
    expect(await t.services.mediaService.deleteImage(secondImage)).toBe(false);
    expect(master).not.toBeNull();
  });
});

describe('pictures in an S3-compatible bucket', () => {
  it('serves a product picture from the bucket, and its resized copy from there the second time', async () => {
    const s3 = await startTestS3();
    const s3app = await createTestApp(s3.config);
    try {
      expect(s3app.services.mediaService.storage.driver).toBe('s3');
      const master = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#203a60' } })
        .webp()
        .toBuffer();
      const [imageId] = (await addProduct(await addVendor(s3app), 'active', [master], s3app)) as [string];
      const first = await s3app.app.inject({ method: 'GET', url: `/media/products/${imageId}/480.webp` });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-media-cache']).toBe('miss');
      expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
      const second = await s3app.app.inject({ method: 'GET', url: `/media/products/${imageId}/480.webp` });
      expect(second.headers['x-media-cache']).toBe('hit');
      expect(await s3app.services.mediaService.storage.get(`cache/${imageId}/480.webp`)).not.toBeNull();
    } finally {
      await s3app.close();
      await s3.stop();
    }
  });
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '~/shared/schemas/catalogue';
import type { OwnProduct, ProductPicture } from '~/shared/schemas/vendor-products';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signUpVendor } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let kharghar: string;
let pune: string;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  await seedDemoCatalogueForTests(t.services);
  kharghar = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
  pune = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
}, 120_000);
afterAll(() => t.close());

/** A picture of a colour, as a camera or an editor would send it. */
function picture(format: 'jpeg' | 'png' | 'webp' | 'avif', colour = { r: 30, g: 90, b: 160 }, size = { width: 900, height: 700 }) {
  return sharp({ create: { ...size, channels: 3, background: colour } })
    .toFormat(format)
    .withExif({ IFD0: { Artist: 'Rohan Deshmukh', Copyright: 'Kharghar Computers' } })
    .toBuffer();
}

let n = 0;
async function newProduct(cookie = kharghar, status: 'draft' | 'active' = 'draft'): Promise<OwnProduct> {
  n += 1;
  const res = await json(
    t.app,
    'POST',
    '/api/vendor/products',
    {
      category: 'Monitor',
      brand: 'Benq',
      name: `Benq Picture Test ${n} 27 QHD`,
      description: 'A 27-inch QHD monitor for photo editing with factory calibration and a matte screen.',
      price: '24,990',
      mrp: '29,990',
      hsnCode: '85285200',
      gstRatePercent: 18,
      stock: '5',
      warranty: '3 years',
      warrantyMonths: '36',
      originCountry: 'China',
      makerName: 'Lenovo (India) Pvt Ltd',
      makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
      weightKg: '6',
      lengthCm: '70',
      widthCm: '20',
      heightCm: '50',
      status,
      screenSizeIn: '27',
      resolution: '2560 x 1440',
      resolutionName: 'QHD',
      panelType: 'IPS',
      refreshRateHz: '75',
      ports: 'HDMI, DisplayPort',
    },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as OwnProduct;
}

function upload(productId: string, body: Buffer, contentType: string, cookie = kharghar) {
  return t.app.inject({
    method: 'POST',
    url: `/api/vendor/products/${productId}/images?alt=${encodeURIComponent('Front view')}`,
    payload: body,
    headers: { cookie, 'content-type': contentType },
  });
}

async function uploaded(productId: string, body: Buffer, contentType = 'image/jpeg'): Promise<ProductPicture> {
  const res = await upload(productId, body, contentType);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().picture as ProductPicture;
}

/** Every file and folder under the media folder that names a picture (its master, its resized copies, their folders). */
async function onDisk(imageId: string): Promise<string[]> {
  const root = t.config.MEDIA_DIR;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((name) => name.includes(imageId))
    .sort();
}

async function picturesOf(productId: string, cookie = kharghar): Promise<ProductPicture[]> {
  const res = await json(t.app, 'GET', `/api/vendor/products/${productId}/images`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pictures as ProductPicture[];
}

describe('a vendor adds pictures to a product', () => {
  it('takes JPEG, PNG, WebP and AVIF whatever the Content-Type says, strips their metadata and shows drafts to their vendor only', async () => {
    const product = await newProduct();
    // A PNG sent as "image/jpeg", and a WebP as a byte stream: the decoded picture decides.
    const first = await uploaded(product.id, await picture('png'), 'image/jpeg');
    await uploaded(product.id, await picture('webp', { r: 200, g: 40, b: 40 }), 'application/octet-stream');
    await uploaded(product.id, await picture('avif', { r: 40, g: 160, b: 40 }), 'image/avif');
    const jpeg = await uploaded(product.id, await picture('jpeg', { r: 240, g: 200, b: 30 }), 'image/jpeg');
    expect((await picturesOf(product.id)).map((p) => p.id)).toEqual([first.id, expect.any(String), expect.any(String), jpeg.id]);
    expect(first).toMatchObject({ alt: 'Front view', width: 900, height: 700 });

    const [{ storage_key: key }] = (
      await t.services.database.db.execute<{ storage_key: string }>(sql`select storage_key from product_images where id = ${jpeg.id}`)
    ).rows as [{ storage_key: string }];
    const master = await t.services.mediaService.storage.get(key);
    const meta = await sharp(master!).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    // The draft's pictures: its vendor sees them, the shop and other vendors do not.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/vendor/products/${product.id}/images/${first.id}/320.webp`,
      headers: { cookie: kharghar },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: `/media/products/${first.id}/320.webp` })).statusCode).toBe(404);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/vendor/products/${product.id}/images/${first.id}/320.webp`,
      headers: { cookie: pune },
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses SVG, files that are not pictures, pictures too small and files over 10 MB, with a clear message and nothing kept', async () => {
    const product = await newProduct();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700"><rect width="900" height="700"/></svg>');
    const refusals = [
      [svg, 'image/svg+xml', /JPEG, PNG, WebP or AVIF, not svg/],
      [Buffer.from('%PDF-1.7 not a picture at all'), 'image/png', /not a picture we can read/],
      [await picture('jpeg', undefined, { width: 300, height: 200 }), 'image/jpeg', /300 × 200 pixels; it must be at least 600 × 450/],
    ] as const;
    for (const [body, type, message] of refusals) {
      const res = await upload(product.id, body, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.file).toMatch(message);
    }
    const huge = await upload(product.id, Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'image/jpeg');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toMatch(/too large|larger/i);
    expect(await picturesOf(product.id)).toEqual([]);
  });

  it('keeps at most 8 pictures even when several arrive at once', async () => {
    const product = await newProduct();
    const body = await picture('jpeg');
    for (let i = 0; i < 6; i += 1) await uploaded(product.id, body);
    const results = await Promise.all(Array.from({ length: 4 }, () => upload(product.id, body, 'image/jpeg')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.fields.file).toMatch(/at most 8 pictures/);
    const pictures = await picturesOf(product.id);
    expect(pictures).toHaveLength(8);
  });

  it('reorders the pictures (the first is the main one the shop shows) and deletes one with its resized copies', async () => {
    const product = await newProduct(kharghar, 'active');
    const a = await uploaded(product.id, await picture('jpeg'));
    const b = await uploaded(product.id, await picture('jpeg', { r: 200, g: 10, b: 10 }));
    const c = await uploaded(product.id, await picture('jpeg', { r: 10, g: 200, b: 10 }));
    const card = async () => {
      const res = await json(t.app, 'GET', `/api/catalogue/products?q=${encodeURIComponent(product.name)}`);
      return (res.json() as ProductListResponse).items.find((p) => p.id === product.id)!.image?.id;
    };
    expect(await card()).toBe(a.id);

    const order = await json(t.app, 'PUT', `/api/vendor/products/${product.id}/images/order`, { ids: [c.id, a.id, b.id] }, kharghar);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().pictures.map((p: ProductPicture) => p.id)).toEqual([c.id, a.id, b.id]);
    expect(await card()).toBe(c.id);
    const partial = await json(t.app, 'PUT', `/api/vendor/products/${product.id}/images/order`, { ids: [a.id, b.id] }, kharghar);
    expect(partial.statusCode).toBe(400);

    // A resized copy exists once it was asked for; deleting the picture removes it and the master.
    expect((await t.app.inject({ method: 'GET', url: `/media/products/${c.id}/320.webp` })).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor/products/${product.id}/images/${c.id}`,
      headers: { cookie: kharghar },
    });
    expect(removed.statusCode).toBe(204);
    expect((await picturesOf(product.id)).map((p) => p.id)).toEqual([a.id, b.id]);
    expect(await t.services.mediaService.storage.get(`products/${product.id}/${c.id}.webp`)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/media/products/${c.id}/320.webp` })).statusCode).toBe(404);
    expect(await card()).toBe(a.id);
  });

  it('leaves no file or folder of a deleted picture on the disk: its master and every resized copy, also one made while it was deleted', async () => {
    const product = await newProduct(kharghar, 'active');
    const keep = await uploaded(product.id, await picture('jpeg'));
    const gone = await uploaded(product.id, await picture('png', { r: 200, g: 120, b: 10 }));
    for (const file of ['320.webp', '640.avif', '1280.jpg']) {
      expect((await t.app.inject({ method: 'GET', url: `/media/products/${gone.id}/${file}` })).statusCode).toBe(200);
    }
    expect(await onDisk(gone.id)).toEqual(expect.arrayContaining([`cache/${gone.id}/320.webp`, `cache/${gone.id}/640.avif`]));
    // The job that prepares the other sizes runs while the seller deletes the picture.
    const preparing = t.services.mediaService.makeRenditions(gone.id, t.app.log).catch(() => undefined);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor/products/${product.id}/images/${gone.id}`,
      headers: { cookie: kharghar },
    });
    expect(removed.statusCode).toBe(204);
    await preparing;
    expect(await onDisk(gone.id)).toEqual([]);
    expect(await onDisk(keep.id)).toEqual([`products/${product.id}/${keep.id}.webp`]);
  });

  it("answers 404 for another vendor's product on every pictures route, and refuses a suspended vendor's writes", async () => {
    const product = await newProduct();
    const pic = await uploaded(product.id, await picture('jpeg'));
    const calls = [
      t.app.inject({ method: 'GET', url: `/api/vendor/products/${product.id}/images`, headers: { cookie: pune } }),
      upload(product.id, await picture('jpeg'), 'image/jpeg', pune),
      json(t.app, 'PUT', `/api/vendor/products/${product.id}/images/order`, { ids: [pic.id] }, pune),
      t.app.inject({ method: 'DELETE', url: `/api/vendor/products/${product.id}/images/${pic.id}`, headers: { cookie: pune } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect(await picturesOf(product.id)).toHaveLength(1);

    const halted = await signUpVendor(t, 'Camp Suspended Monitors');
    await t.services.database.db.execute(sql`update vendors set status = 'suspended' where id = ${halted.vendorId}`);
    const res = await upload(product.id, await picture('jpeg'), 'image/jpeg', halted.cookie);
    expect(res.statusCode).toBe(403);
  });
});

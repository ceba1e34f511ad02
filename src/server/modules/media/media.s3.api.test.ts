import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '~/shared/schemas/catalogue';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInDemo } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { startTestS3, type TestS3 } from '../../test/s3';
import { createTestApp, createTestAppBeside, json, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { resizedKeysOf } from './renditions';

/**
 * Pictures when several app processes run (issue 15, point 2; decision 32): with MEDIA_STORAGE=s3
 * against a local S3-compatible server (s3rver), a picture a vendor uploads through one process
 * is served by the other, resized copies included, and nothing is written to the local disk.
 */

let s3: TestS3;
let mediaDir: string;
let a: TestApp;
let b: TestApp;
let vendor: string;
let productId: string;

beforeAll(async () => {
  s3 = await startTestS3();
  // The local media folder the processes would use: it must never come into being.
  mediaDir = path.join(s3.folder, 'never-written');
  a = await createTestApp({ ...s3.config, MEDIA_DIR: mediaDir, S3_PREFIX: 'shop', CATALOGUE_CACHE_SECONDS: 60 });
  await seedDemoCatalogueForTests(a.services);
  b = await createTestAppBeside(a);
  vendor = await signInDemo(a, DEMO_ACCOUNTS.khargharVendor);
  const { rows } = await a.services.database.db.execute<{ id: string }>(sql`
    select p.id from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
     where u.email = ${DEMO_ACCOUNTS.khargharVendor.email} and p.status = 'active' order by p.id limit 1`);
  productId = rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.stop();
});

const media = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('pictures in an S3 bucket shared by two app processes', () => {
  it('a picture uploaded through one process is served by the other, with its resized copies, and deleted for both', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 20, g: 110, b: 70 } } })
      .jpeg()
      .toBuffer();
    // The other process has the product's answer cached, without the picture.
    const productOnB = async () =>
      ((await json(b.app, 'GET', `/api/catalogue/products/${productId}`)).json() as { product: ProductDetail }).product;
    await productOnB();
    const uploaded = await a.app.inject({
      method: 'POST',
      url: `/api/vendor/products/${productId}/images?alt=Front%20view`,
      payload: photo,
      headers: { cookie: vendor, 'content-type': 'image/jpeg' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageId = uploaded.json().picture.id as string;

    // The other process's cached answer is dropped (the change bus) and lists the new picture; it serves it.
    await until(
      async () => (await productOnB()).images.some((i) => i.id === imageId),
      1_000,
      'the new picture in the other process’s answer',
    );
    const resized = await media(b, `/media/products/${imageId}/480.webp`);
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['x-media-cache']).toBe('miss');
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const avif = await media(b, `/media/products/${imageId}/320.avif`);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');

    // The copy the other process made is in the bucket: this one serves it without encoding again.
    const again = await media(a, `/media/products/${imageId}/480.webp`);
    expect(again.headers['x-media-cache']).toBe('hit');
    expect(again.rawPayload.equals(resized.rawPayload)).toBe(true);

    const masterKey = `products/${productId}/${imageId}.webp`;
    expect(await b.services.mediaService.storage.get(masterKey)).not.toBeNull();

    // A copy of a size the shop no longer makes (kept from before) goes with the picture too.
    await a.services.mediaService.storage.put(`cache/${imageId}/2400.webp`, resized.rawPayload);

    // Deleted through the other process: gone for both, master and resized copies out of the bucket.
    const deleted = await b.app.inject({
      method: 'DELETE',
      url: `/api/vendor/products/${productId}/images/${imageId}`,
      headers: { cookie: vendor },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await media(a, `/media/products/${imageId}/480.webp`)).statusCode).toBe(404);
    for (const key of [masterKey, ...resizedKeysOf(imageId)]) expect(await a.services.mediaService.storage.get(key)).toBeNull();
    const left: string[] = [];
    for await (const key of a.services.mediaService.storage.list('')) if (key.includes(imageId)) left.push(key);
    expect(left).toEqual([]);

    expect(existsSync(mediaDir), 'nothing of the media path wrote to the local disk').toBe(false);
  });
});

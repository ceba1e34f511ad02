import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductImportDetail } from '~/shared/schemas/product-imports';
import type { ImportPreview, OwnProduct } from '~/shared/schemas/vendor-products';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { csvOf, finishedImport, importOf, monitorRow, queueImport, sendCsv } from '../../test/catalogue-csv-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { startTestWorker, until } from '../../test/job-worker-kit';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';

/**
 * Picture addresses in the seller centre's CSV (decision 61), end to end: the import writes its rows,
 * then the worker fetches each address from a real HTTP server on 127.0.0.1 (allowed here by
 * PICTURE_FETCH_ALLOW_PRIVATE) and adds it to its product; the export lists every picture's address.
 */
let t: TestApp;
let kharghar: { cookie: string; vendorId: string };
let pictures: http.Server;
let base: string;
const workers: { stop(): Promise<void> }[] = [];
/** Pictures the server sent, by path. */
const served: string[] = [];

/** A JPEG `width` pixels wide (600 high): the width tells the pictures apart in a product's list. */
const jpeg = (width: number) =>
  sharp({ create: { width, height: 600, channels: 3, background: { r: (width * 7) % 255, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  pictures = http.createServer((req, res) => {
    const width = /^\/pic\/(\d+)\.jpg$/.exec(req.url!)?.[1];
    if (width) {
      served.push(req.url!);
      void jpeg(Number(width)).then((body) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body));
    } else if (req.url === '/readme.txt') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('Only words, no picture.');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000, PICTURE_FETCH_ALLOW_PRIVATE: true });
  await seedDemoCatalogueForTests(t.services);
  const { email, password } = DEMO_ACCOUNTS.khargharVendor;
  const res = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  kharghar = { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}, 120_000);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await t.services.database.pool.query('delete from graphile_worker._private_jobs; delete from graphile_worker._private_job_queues');
});
afterAll(async () => {
  await t.close();
  pictures.closeAllConnections();
  await new Promise((resolve) => pictures.close(resolve));
});

async function worker() {
  workers.push(await startTestWorker(t, ['catalogue.import-csv', 'catalogue.import-pictures']));
}

/** Waits until the import's rows are written and its pictures fetched. */
function picturesFetched(id: string): Promise<ProductImportDetail> {
  return until(async () => {
    const found = await importOf(t, id, kharghar.cookie);
    return found.status === 'done' && (found.pictures.total === 0 || found.pictures.finishedAt !== null) && found;
  }, 60_000);
}

async function productBySku(sku: string): Promise<OwnProduct> {
  const { rows } = await t.services.database.pool.query<{ id: string }>('select id from products where vendor_id = $1 and sku = $2', [
    kharghar.vendorId,
    sku,
  ]);
  const res = await json(t.app, 'GET', `/api/vendor/products/${rows[0]!.id}`, undefined, kharghar.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product as OwnProduct;
}

const widthsOf = async (sku: string) => (await productBySku(sku)).images.map((i) => i.width);
const job = { attempt: 1, maxAttempts: 5, log: { warn: () => undefined } as never };

describe('picture addresses in the products CSV (decision 61)', () => {
  it('checks the picture_urls cell in the preview and the upload like any other column', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `${base}/pic/${700 + i}.jpg`).join(' ');
    const csv = csvOf([
      monitorRow('PICS-OK', { picture_urls: `${base}/pic/800.jpg; ${base}/pic/900.jpg\n${base}/pic/1000.jpg` }),
      monitorRow('PICS-WORDS', { picture_urls: 'front.jpg' }),
      monitorRow('PICS-FTP', { picture_urls: 'ftp://files.example.in/front.jpg' }),
      monitorRow('PICS-NINE', { picture_urls: nine }),
      monitorRow('PICS-LONG', { picture_urls: `https://img.example.in/${'a'.repeat(2_100)}.jpg` }),
    ]);
    const res = await sendCsv(t, '/api/vendor/products/import/preview', csv, kharghar.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as ImportPreview;
    expect(preview.rows.map((r) => [r.sku, r.action, r.pictures, r.errors.picture_urls])).toEqual([
      ['PICS-OK', 'create', 3, undefined],
      ['PICS-WORDS', 'error', 0, expect.stringContaining('"front.jpg" is not a web address')],
      ['PICS-FTP', 'error', 0, '"ftp://files.example.in/front.jpg" is not an http or https address'],
      ['PICS-NINE', 'error', 0, 'A product can have at most 8 pictures; this cell has 9 addresses'],
      ['PICS-LONG', 'error', 0, expect.stringMatching(/^An address may be at most 2,048 characters; .* has 2,127$/)],
    ]);
    // The upload refuses the same rows and keeps why.
    const queued = await queueImport(t, csv, kharghar.cookie);
    expect(queued.skipped).toBe(4);
    expect(queued.rowErrors.map((r) => Object.keys(r.errors))).toEqual([
      ['picture_urls'],
      ['picture_urls'],
      ['picture_urls'],
      ['picture_urls'],
    ]);
  });

  it('fetches the addresses after the rows are written, adds them in order, and tells why the others were not added', async () => {
    const csv = csvOf([
      monitorRow('PICS-A', { picture_urls: `${base}/pic/800.jpg ${base}/pic/900.jpg;${base}/pic/1000.jpg` }),
      monitorRow('PICS-B', { picture_urls: `${base}/missing.jpg\n${base}/readme.txt\n${base}/pic/1100.jpg` }),
      monitorRow('PICS-C'),
    ]);
    const queued = await queueImport(t, csv, kharghar.cookie);
    expect(queued.pictures).toEqual({ total: 0, done: 0, added: 0, failed: 0, finishedAt: null });
    await worker();
    const done = await picturesFetched(queued.id);
    expect(done).toMatchObject({ status: 'done', created: 3, pictures: { total: 6, done: 6, added: 4, failed: 2 } });
    expect(Date.parse(done.pictures.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.finishedAt!));
    expect(done.pictureErrors).toEqual([
      { line: 3, sku: 'PICS-B', url: `${base}/missing.jpg`, reason: 'The address answered 404' },
      { line: 3, sku: 'PICS-B', url: `${base}/readme.txt`, reason: 'This is not a picture we can read' },
    ]);
    expect(await widthsOf('PICS-A')).toEqual([800, 900, 1000]);
    expect(await widthsOf('PICS-B')).toEqual([1100]);
    expect(await widthsOf('PICS-C')).toEqual([]);
    const a = await productBySku('PICS-A');
    expect(a.images.every((i) => i.alt === a.name)).toBe(true);
    // The shop serves the picture as any other.
    expect((await t.app.inject({ method: 'GET', url: `/media/products/${a.images[0]!.id}/320.webp` })).statusCode).toBe(200);

    // More than 8 in all: those past the 8th are refused; the ones already there are not fetched again.
    served.length = 0;
    const more = Array.from({ length: 6 }, (_, i) => `${base}/pic/${1200 + i * 10}.jpg`);
    const again = await queueImport(
      t,
      csvOf([monitorRow('PICS-A', { picture_urls: [`${base}/pic/800.jpg`, ...more].join(' ') })]),
      kharghar.cookie,
    );
    const full = await picturesFetched(again.id);
    expect(full).toMatchObject({ updated: 1, pictures: { total: 6, done: 6, added: 5, failed: 1 } });
    expect(full.pictureErrors).toEqual([{ line: 2, sku: 'PICS-A', url: more[5], reason: 'The product already has 8 pictures' }]);
    expect(await widthsOf('PICS-A')).toEqual([800, 900, 1000, 1200, 1210, 1220, 1230, 1240]);
    expect(served).not.toContain('/pic/800.jpg');
  }, 90_000);

  it('exports every picture by its address, and the exported file imported back adds nothing', async () => {
    // A picture the seller uploaded has no address of its own: the export names the shop's.
    const b = await productBySku('PICS-B');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/products/${b.id}/images`,
      payload: await jpeg(1300),
      headers: { cookie: kharghar.cookie, 'content-type': 'image/jpeg' },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const uploadedId = upload.json().picture.id as string;

    const exported = await t.app.inject({ method: 'GET', url: '/api/vendor/products/export', headers: { cookie: kharghar.cookie } });
    expect(exported.statusCode).toBe(200);
    const records = parse(exported.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const cell = (sku: string) => records.find((r) => r.sku === sku)!.picture_urls ?? 'no picture_urls column';
    expect(cell('PICS-B').split('\n')).toEqual([`${base}/pic/1100.jpg`, `${t.config.PUBLIC_URL}/media/products/${uploadedId}/1280.jpg`]);
    expect(cell('PICS-A').split('\n')).toHaveLength(8);
    expect(cell('PICS-C')).toBe('');

    served.length = 0;
    const back = await queueImport(t, exported.body, kharghar.cookie, 'products-export.csv');
    await worker();
    const done = await picturesFetched(back.id);
    expect(done).toMatchObject({ status: 'done', created: 0, pictures: { total: 0, done: 0, added: 0, failed: 0, finishedAt: null } });
    expect(served).toEqual([]);
    expect(await widthsOf('PICS-B')).toEqual([1100, 1300]);
    expect(await widthsOf('PICS-A')).toHaveLength(8);
  }, 90_000);

  it('adds nothing twice however often the job runs: a try that died after adding a picture, two tries at once, a run after it finished', async () => {
    const urls = [`${base}/pic/1400.jpg`, `${base}/pic/1410.jpg`, `${base}/pic/1420.jpg`];
    const queued = await queueImport(t, csvOf([monitorRow('PICS-RETRY', { picture_urls: urls.join(' ') })]), kharghar.cookie);
    // The rows are written by hand, so that no worker takes the pictures' job.
    await t.services.productImportsService.run(queued.id, job);
    const product = await productBySku('PICS-RETRY');
    // A try that fetched and added the first picture, then died before recording it.
    expect((await t.services.mediaService.addPictureFromUrl(product.id, urls[0]!, product.name)).outcome).toBe('added');

    await Promise.all([
      t.services.productImportsService.fetchPictures(queued.id, job),
      t.services.productImportsService.fetchPictures(queued.id, job),
    ]);
    expect(await t.services.productImportsService.fetchPictures(queued.id, job)).toEqual({ importId: queued.id, alreadyFinished: true });
    const done = await importOf(t, queued.id, kharghar.cookie);
    // The first was already there: handled, neither added nor failed.
    expect(done.pictures).toMatchObject({ total: 3, done: 3, added: 2, failed: 0 });
    expect(done.pictures.finishedAt).not.toBeNull();
    expect(await widthsOf('PICS-RETRY')).toEqual([1400, 1410, 1420]);

    // The queued job, run by a worker after all that, changes nothing.
    await worker();
    await until(
      async () =>
        (await t.services.database.pool.query(`select 1 from graphile_worker.jobs where task_identifier = 'catalogue.import-pictures'`))
          .rowCount === 0,
    );
    expect(await importOf(t, queued.id, kharghar.cookie)).toEqual(done);
    expect(await widthsOf('PICS-RETRY')).toEqual([1400, 1410, 1420]);
  }, 90_000);

  it('leaves the pictures as they are for a file without the column or with an empty cell, and never deletes one', async () => {
    const before = await widthsOf('PICS-A');
    const row = monitorRow('PICS-A', { price: '20,999' });
    const withEmptyCell = await queueImport(t, csvOf([{ ...row, picture_urls: '' }]), kharghar.cookie);
    const withoutColumn = await queueImport(t, csvOf([row]), kharghar.cookie);
    await worker();
    for (const id of [withEmptyCell.id, withoutColumn.id]) {
      expect((await finishedImport(t, id, kharghar.cookie)).pictures).toEqual({ total: 0, done: 0, added: 0, failed: 0, finishedAt: null });
    }
    expect(await widthsOf('PICS-A')).toEqual(before);
    expect((await productBySku('PICS-A')).pricePaise).toBe(2_099_900);
  }, 60_000);
});

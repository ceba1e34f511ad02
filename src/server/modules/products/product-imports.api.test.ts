import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobsResponse } from '~/shared/schemas/jobs';
import type { ProductImportsResponse } from '~/shared/schemas/product-imports';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { csvOf, finishedImport, importOf, laptopRow, monitorRow, queueImport } from '../../test/catalogue-csv-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { approvedSeller } from '../../test/product-review-kit';
import { startTestWorker, until } from '../../test/job-worker-kit';
import { cookieFrom, json, type TestApp, createTestApp } from '../../test/test-app';
import { FAULT_FINAL, FAULT_RETRYING, IMPORT_NOT_FOUND } from './product-imports.service';

let t: TestApp;
let kharghar: { cookie: string; vendorId: string; email: string };
let pune: { cookie: string; vendorId: string; email: string };
let adminCookie: string;
/** A product of Kharghar's that a test locks to hold an import in its third batch (rows 501–750). */
let heldSku: string;
const workers: { stop(): Promise<void> }[] = [];
const holds: pg.Client[] = [];

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string, email: account.email };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  await seedDemoCatalogueForTests(t.services);
  kharghar = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
  pune = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
  adminCookie = (await signInAdmin(t)).cookie;
  const { rows } = await t.services.database.pool.query<{ sku: string }>(
    `select sku from products where vendor_id = $1 and sku is not null order by sku limit 1`,
    [kharghar.vendorId],
  );
  heldSku = rows[0]!.sku;
}, 120_000);
afterEach(async () => {
  await Promise.all(holds.splice(0).map((c) => c.end()));
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  // A worker stopped while a job finished its tail (search words, caches) may leave its queue locked with no job to show it.
  await t.services.database.pool.query('delete from graphile_worker._private_jobs; delete from graphile_worker._private_job_queues');
});
afterAll(() => t.close());

async function worker() {
  const started = await startTestWorker(t, ['catalogue.import-csv']);
  workers.push(started);
  return started;
}

/** Locks the held product in a transaction of another session: an import that updates it waits there. */
async function holdProduct() {
  const client = new pg.Client({ connectionString: t.config.DATABASE_URL });
  await client.connect();
  holds.push(client);
  await client.query('begin');
  await client.query('select 1 from products where vendor_id = $1 and sku = $2 for update', [kharghar.vendorId, heldSku]);
  return { release: () => client.query('rollback') };
}

/** `count` new monitors under a SKU prefix, with the held product's row at line 602 (the third batch). */
function fileHeldInThirdBatch(prefix: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => monitorRow(`${prefix}-${i}`));
  rows.splice(600, 0, monitorRow(heldSku));
  return rows;
}

const countOf = async (pattern: string) =>
  (await t.services.database.pool.query<{ n: number }>(`select count(*)::int as n from products where sku like $1`, [pattern])).rows[0]!.n;

const auditEntriesOf = async (importId: string) =>
  (
    await t.services.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'product.import' and after->>'importId' = ${importId}`,
    )
  ).rows[0]!.n;

/** Ends the session that writes an import's rows, as a lost connection or a database failover would. */
async function killImportSession(importId: string) {
  const { rows } = await t.services.database.pool.query<{ killed: boolean }>(
    `select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1`,
    [`import ${importId}`],
  );
  expect(rows).toEqual([{ killed: true }]);
}

describe('a CSV import as a background job', () => {
  it('answers 202 at once; the vendor follows the rows being written, sees none of them until all are, then finds them in the shop', async () => {
    const rows = fileHeldInThirdBatch('PROG', 999);
    rows.push(monitorRow('PROG-BAD', { price: '50,000' }));
    const hold = await holdProduct();
    const queued = await queueImport(t, csvOf(rows), kharghar.cookie, 'Monitors — November.csv');
    expect(queued).toMatchObject({ fileName: 'Monitors — November.csv', status: 'queued', total: 1000, done: 0, skipped: 1 });
    await worker();

    // Two batches of 250 are written; the third waits on the held product.
    const running = await until(async () => {
      const found = await importOf(t, queued.id, kharghar.cookie);
      return found.done === 500 && found;
    });
    expect(running).toMatchObject({ status: 'running', total: 1000, attempts: 1, created: null });
    expect(running.startedAt).not.toBeNull();
    // All or nothing: the rows written so far are in the open transaction, invisible to the shop.
    expect(await countOf('PROG-%')).toBe(0);
    expect((await json(t.app, 'GET', '/api/catalogue/products?q=lumenbay')).json().total).toBe(0);

    // Held a while longer: the progress stays where the rows are.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await importOf(t, queued.id, kharghar.cookie)).done).toBe(500);
    const released = Date.now();
    await hold.release();
    const done = await finishedImport(t, queued.id, kharghar.cookie);
    expect(done).toMatchObject({ status: 'done', total: 1000, done: 1000, created: 999, updated: 1, skipped: 1, error: null });
    // Finished when the rows committed, not when their transaction began.
    expect(Date.parse(done.finishedAt!)).toBeGreaterThan(released - 500);
    expect((await json(t.app, 'GET', '/api/catalogue/products?q=lumenbay')).json().total).toBe(1000);
    // The file is dropped once its rows are products.
    const { rows: kept } = await t.services.database.pool.query(`select csv from product_imports where id = $1`, [queued.id]);
    expect(kept).toEqual([{ csv: null }]);

    // Audited as the vendor who uploaded it, with the counts.
    const audit = await json(t.app, 'GET', '/api/admin/audit?action=product.import', undefined, adminCookie);
    expect(audit.json().items[0]).toMatchObject({
      actor: { role: 'vendor', email: kharghar.email },
      summary: 'Imported a CSV (Monitors — November.csv): 999 products added; 1 configuration updated; 1 row with errors left out.',
    });
  }, 60_000);

  it('keeps the rows left out and why: once the import is done, the vendor still reads each one’s line and errors', async () => {
    const rows = [
      monitorRow('ROWS-1'),
      monitorRow('ROWS-2', { price: '50,000' }),
      monitorRow('ROWS-3'),
      monitorRow('', { name: 'Monitor without a SKU' }),
      monitorRow('ROWS-3', { name: 'Acer Nitro ROWS-3 again' }),
    ];
    const queued = await queueImport(t, csvOf(rows), kharghar.cookie, 'with-errors.csv');
    expect(queued.skipped).toBe(3);
    await worker();
    const done = await finishedImport(t, queued.id, kharghar.cookie);
    expect(done).toMatchObject({ status: 'done', created: 2, skipped: 3 });
    expect(done.rowErrors).toEqual([
      { line: 3, sku: 'ROWS-2', name: 'Acer Nitro Lumenbay ROWS-2 27 QHD 180 Hz', errors: { price: 'Price must not be above the MRP' } },
      {
        line: 5,
        sku: null,
        name: 'Monitor without a SKU',
        errors: { sku: 'SKU is needed to import a row: it matches the row to your product.' },
      },
      { line: 6, sku: 'ROWS-3', name: 'Acer Nitro ROWS-3 again', errors: { sku: 'This SKU is also on line 4: each row needs its own.' } },
    ]);
    // The list, asked every second while an import runs, gives their count only; the import's own address keeps them.
    const listed = (await json(t.app, 'GET', '/api/vendor/products/imports', undefined, kharghar.cookie)).json() as ProductImportsResponse;
    const inList = listed.items.find((i) => i.id === queued.id);
    expect(inList).toMatchObject({ skipped: 3 });
    expect(inList).not.toHaveProperty('rowErrors');
    expect((await importOf(t, queued.id, kharghar.cookie)).rowErrors.map((r) => r.line)).toEqual([3, 5, 6]);
  }, 60_000);

  it('imports a file of configurations as products with their configurations, counting rows, and keeps the rows of a product left out and why', async () => {
    const rows = [
      laptopRow('CFG-A-16', '16', '512', { product_key: 'cfg-a' }),
      laptopRow('CFG-A-32', '32', '512', { product_key: 'cfg-a', name: '' }),
      laptopRow('CFG-B-16', '16', '512', { product_key: 'cfg-b', name: 'Lenovo IdeaPad B Core i5 14' }),
      laptopRow('CFG-B-32', '32', '512', { product_key: 'cfg-b', name: 'Lenovo IdeaPad B Core i7 14' }),
      laptopRow('CFG-C-16', '16', '512', { product_key: 'cfg-c', name: 'Lenovo IdeaPad C Core i5 16' }),
    ];
    const queued = await queueImport(t, csvOf(rows), kharghar.cookie, 'laptops by configuration.csv');
    expect(queued).toMatchObject({ status: 'queued', total: 3, skipped: 2 });
    await worker();
    const done = await finishedImport(t, queued.id, kharghar.cookie);
    expect(done).toMatchObject({
      status: 'done',
      total: 3,
      done: 3,
      created: 3,
      updated: 0,
      createdProducts: 2,
      newProductConfigurations: 3,
      skipped: 2,
      summary: '2 products added in 3 configurations; 2 rows with errors left out.',
    });
    expect(done.rowErrors).toEqual([
      {
        line: 4,
        sku: 'CFG-B-16',
        name: 'Lenovo IdeaPad B Core i5 14',
        errors: { product_key: 'Not imported: line 5 of this product has an error, and a product is imported with all its rows or none.' },
      },
      {
        line: 5,
        sku: 'CFG-B-32',
        name: 'Lenovo IdeaPad B Core i7 14',
        errors: {
          name: 'Line 4 of this product (product_key "cfg-b") says "Lenovo IdeaPad B Core i5 14": the rows of one product must agree on it, or leave it empty.',
        },
      },
    ]);
    const { rows: products } = await t.services.database.pool.query<{ name: string; option_keys: string[]; variants: number }>(
      `select p.name, p.option_keys, (select count(*)::int from product_variants v where v.product_id = p.id) as variants
         from products p where p.vendor_id = $1 and p.id in (select product_id from offers where seller_sku like 'CFG-%') order by p.name`,
      [kharghar.vendorId],
    );
    expect(products).toEqual([
      { name: 'Lenovo IdeaPad C Core i5 16', option_keys: ['ram', 'storage'], variants: 1 },
      { name: 'Lenovo IdeaPad X Core i5 15', option_keys: ['ram', 'storage'], variants: 2 },
    ]);
    const audit = await json(t.app, 'GET', '/api/admin/audit?action=product.import', undefined, adminCookie);
    expect(audit.json().items[0]).toMatchObject({
      summary: 'Imported a CSV (laptops by configuration.csv): 2 products added in 3 configurations; 2 rows with errors left out.',
    });
  });

  it('a fault mid-import writes nothing; the queue tries again and the rows are written once', async () => {
    const hold = await holdProduct();
    const queued = await queueImport(t, csvOf(fileHeldInThirdBatch('FAULT', 599)), kharghar.cookie);
    await worker();
    await until(async () => (await importOf(t, queued.id, kharghar.cookie)).done === 500);
    await killImportSession(queued.id);

    const waiting = await until(async () => {
      const found = await importOf(t, queued.id, kharghar.cookie);
      return found.status === 'queued' && found;
    });
    expect(waiting).toMatchObject({ done: 0, attempts: 1, error: FAULT_RETRYING });
    expect(await countOf('FAULT-%')).toBe(0);

    await hold.release();
    const done = await finishedImport(t, queued.id, kharghar.cookie);
    expect(done).toMatchObject({ status: 'done', attempts: 2, created: 599, updated: 1, error: null });
    expect(await countOf('FAULT-%')).toBe(599);
    expect(await auditEntriesOf(queued.id)).toBe(1);
  }, 60_000);

  it('fails for the vendor when the last try meets a fault, shows in the admin’s failed jobs, and Retry imports it', async () => {
    const hold = await holdProduct();
    const queued = await queueImport(t, csvOf(fileHeldInThirdBatch('LAST', 599)), kharghar.cookie);
    await t.services.database.pool.query(`update graphile_worker._private_jobs set max_attempts = 1`);
    await worker();
    await until(async () => (await importOf(t, queued.id, kharghar.cookie)).done === 500);
    await killImportSession(queued.id);
    await hold.release();

    const failed = await finishedImport(t, queued.id, kharghar.cookie);
    expect(failed).toMatchObject({ status: 'failed', error: FAULT_FINAL, done: 0, created: null });
    expect(await countOf('LAST-%')).toBe(0);
    const jobs = await until(async () => {
      const list = (await json(t.app, 'GET', '/api/admin/jobs?state=failed', undefined, adminCookie)).json() as AdminJobsResponse;
      return list.items.length > 0 && list;
    });
    expect(jobs.items[0]).toMatchObject({ task: 'catalogue.import-csv', payload: { importId: queued.id, vendorId: kharghar.vendorId } });

    const retried = await json(t.app, 'POST', `/api/admin/jobs/${jobs.items[0]!.id}/retry`, undefined, adminCookie);
    expect(retried.statusCode, retried.body).toBe(200);
    const done = await until(async () => {
      const found = await importOf(t, queued.id, kharghar.cookie);
      return found.status === 'done' && found;
    });
    expect(done).toMatchObject({ created: 599, updated: 1, error: null, attempts: 2 });
    expect(await countOf('LAST-%')).toBe(599);
  }, 60_000);

  it('writes the rows once however often the job runs: two tries at once, and the job run again after it committed', async () => {
    const queued = await queueImport(t, csvOf(Array.from({ length: 300 }, (_, i) => monitorRow(`TWICE-${i}`))), kharghar.cookie);
    const job = { attempt: 1, maxAttempts: 5, log: { warn: () => undefined } as never };
    // Two workers on the same import (one taken for dead while it still ran): one writes, the other finds it done.
    const outcomes = await Promise.all([
      t.services.productImportsService.run(queued.id, job),
      t.services.productImportsService.run(queued.id, job),
    ]);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { importId: queued.id, created: 300, updated: 0, skipped: 0, createdProducts: 300, newProductConfigurations: 300 },
        { importId: queued.id, alreadyFinished: true },
      ]),
    );
    const done = await importOf(t, queued.id, kharghar.cookie);
    expect(done).toMatchObject({ status: 'done', created: 300 });

    // The upload's own job is still queued, as when a worker is killed after the commit: running it changes nothing.
    await worker();
    await until(
      async () =>
        (await t.services.database.pool.query(`select 1 from graphile_worker.jobs where task_identifier = 'catalogue.import-csv'`))
          .rowCount === 0,
    );
    expect(await importOf(t, queued.id, kharghar.cookie)).toEqual(done);
    expect(await countOf('TWICE-%')).toBe(300);
    expect(await auditEntriesOf(queued.id)).toBe(1);
  }, 60_000);

  it('refuses, without retrying, the import of a vendor suspended after the upload, and writes nothing', async () => {
    const vendor = await signUpVendor(t, 'Vashi Suspended Screens');
    const decide = (decision: string, extra = {}) =>
      json(t.app, 'POST', `/api/admin/vendors/${vendor.vendorId}/decision`, { decision, ...extra }, adminCookie);
    expect((await decide('approve')).statusCode).toBe(200);
    const queued = await queueImport(t, csvOf([monitorRow('SUSP-1'), monitorRow('SUSP-2')]), vendor.cookie);
    expect((await decide('suspend', { reason: 'GST returns not filed' })).statusCode).toBe(200);
    await worker();

    // The suspended vendor still reads its panel, and the import's reason.
    const failed = await finishedImport(t, queued.id, vendor.cookie);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, done: 0, created: null });
    expect(failed.error).toMatch(/suspended/);
    expect(await countOf('SUSP-%')).toBe(0);
    await until(
      async () =>
        (await t.services.database.pool.query(`select 1 from graphile_worker.jobs where task_identifier = 'catalogue.import-csv'`))
          .rowCount === 0,
    );
    const { rows } = await t.services.database.pool.query(`select csv, failure from product_imports where id = $1`, [queued.id]);
    expect(rows).toEqual([{ csv: null, failure: 'refused' }]);
  }, 60_000);
});

describe('an import of a seller the shop does not trust', () => {
  it('holds the new products it puts on sale for review, out of the shop, and a trusted seller’s go on sale at once', async () => {
    const waits = await approvedSeller(t, adminCookie, 'Wakad Import Traders');
    const trusted = await approvedSeller(t, adminCookie, 'Pimpri Trusted Imports', { trusted: true });
    await worker();
    for (const [seller, sku] of [
      [waits, 'WAKAD-LUMEN-1'],
      [trusted, 'PIMPRI-LUMEN-1'],
    ] as const) {
      const queued = await queueImport(t, csvOf([monitorRow(sku)]), seller.cookie);
      expect((await finishedImport(t, queued.id, seller.cookie)).status).toBe('done');
    }
    const { rows } = await t.services.database.db.execute<{ sku: string; id: string; status: string }>(
      sql`select sku, id, status from products where sku in ('WAKAD-LUMEN-1', 'PIMPRI-LUMEN-1') order by sku`,
    );
    expect(rows.map((r) => [r.sku, r.status])).toEqual([
      ['PIMPRI-LUMEN-1', 'active'],
      ['WAKAD-LUMEN-1', 'pending_review'],
    ]);
    const [live, held] = rows;
    expect((await json(t.app, 'GET', `/api/catalogue/products/${held!.id}`)).statusCode).toBe(404);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${live!.id}`)).statusCode).toBe(200);
    const queue = await json(t.app, 'GET', '/api/admin/products/review-queue', undefined, adminCookie);
    expect((queue.json() as { items: { id: string }[] }).items.map((p) => p.id)).toContain(held!.id);

    // Imported again once approved, it stays on sale.
    expect((await json(t.app, 'POST', `/api/admin/products/${held!.id}/approve`, {}, adminCookie)).statusCode).toBe(200);
    const again = await queueImport(t, csvOf([monitorRow('WAKAD-LUMEN-1', { stock: '7' })]), waits.cookie);
    expect((await finishedImport(t, again.id, waits.cookie)).status).toBe('done');
    const after = await json(t.app, 'GET', `/api/catalogue/products/${held!.id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().product.stock).toBe(7);
  });
});

describe("the vendor's imports", () => {
  it('lists its own imports newest first, a page at a time', async () => {
    const vendor = await signUpVendor(t, 'Belapur Bulk Laptops');
    await json(t.app, 'POST', `/api/admin/vendors/${vendor.vendorId}/decision`, { decision: 'approve' }, adminCookie);
    const ids: string[] = [];
    for (const name of ['first.csv', 'second.csv', 'third.csv']) {
      ids.push((await queueImport(t, csvOf([monitorRow(`PAGE-${name}`.replace('.csv', ''))]), vendor.cookie, name)).id);
    }
    const first = (await json(t.app, 'GET', '/api/vendor/products/imports?pageSize=2', undefined, vendor.cookie)).json();
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect((first as ProductImportsResponse).items.map((i) => [i.fileName, i.status, i.total])).toEqual([
      ['third.csv', 'queued', 1],
      ['second.csv', 'queued', 1],
    ]);
    const second = (await json(t.app, 'GET', '/api/vendor/products/imports?pageSize=2&page=2', undefined, vendor.cookie)).json();
    expect((second as ProductImportsResponse).items.map((i) => i.id)).toEqual([ids[0]]);
    const bad = await json(t.app, 'GET', '/api/vendor/products/imports?pageSize=500', undefined, vendor.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('pageSize');
  });

  it("answers 404 for another vendor's import, never lists it, and lets only vendors in", async () => {
    const mine = await queueImport(t, csvOf([monitorRow('OWN-1')]), kharghar.cookie);
    const theirs = await json(t.app, 'GET', `/api/vendor/products/imports/${mine.id}`, undefined, pune.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(IMPORT_NOT_FOUND);
    const list = (await json(t.app, 'GET', '/api/vendor/products/imports?pageSize=100', undefined, pune.cookie)).json();
    expect((list as ProductImportsResponse).items.map((i) => i.id)).not.toContain(mine.id);
    expect((await importOf(t, mine.id, kharghar.cookie)).id).toBe(mine.id);

    expect((await json(t.app, 'GET', '/api/vendor/products/imports/imp_doesNotExist', undefined, kharghar.cookie)).statusCode).toBe(404);
    expect((await json(t.app, 'GET', '/api/vendor/products/imports/..%2Fsecrets', undefined, kharghar.cookie)).statusCode).toBe(400);
    const customer = await signUpCustomer(t);
    for (const url of ['/api/vendor/products/imports', `/api/vendor/products/imports/${mine.id}`]) {
      expect((await json(t.app, 'GET', url)).statusCode, url).toBe(401);
      expect((await json(t.app, 'GET', url, undefined, customer.cookie)).statusCode, url).toBe(403);
    }
  });
});

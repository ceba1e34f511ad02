import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../../config/env';
import { buildApp } from '../../http/app';
import { loadAuthSecret } from '../../lib/auth-secret';
import { createServices, type Services } from '../../services';
import { totpCode } from '../../test/accounts-kit';
import { runCli } from '../../test/run-cli';
import { addAddress, cookieFrom, createTestApp, json, registerCustomer, sealerOf, type TestApp } from '../../test/test-app';
import { bankAccountValues } from '../../modules/vendors/profile.vendor.repo';
import { withDatabase } from '../../db/embedded';
import { openDatabase, type OpenDatabase } from '../../db/open-database';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { seedDemoDataOnce } from '../seed/seed';
import { qualified, userTables } from './catalog';
import { readManifest } from './manifest';

/**
 * `npm run backup` and `npm run restore` (decision 30), run as an operator runs them: the demo shop
 * (seeded with its pictures, plus an order) is backed up from its database, restored into a new data
 * folder with its own embedded PostgreSQL, and the shop started on it must be the same shop.
 */

const AUTH_SECRET = randomBytes(32).toString('hex');

let work: string;
let source: TestApp;
let sourceData: string;

/**
 * Rows and an order-independent digest of every table (migrations' bookkeeping aside), read as text
 * in UTC. Over stored columns: generated ones (the catalogue's search vector) are the engine's own
 * work, and PostgreSQL 15 and 18 stem some words differently.
 */
async function tableDigests(url: string): Promise<Record<string, { rows: number; digest: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set timezone = 'UTC'`);
    const digests: Record<string, { rows: number; digest: string }> = {};
    for (const table of await userTables(client)) {
      const row = `row(${table.columns.map((c) => `t.${client.escapeIdentifier(c)}`).join(', ')})::text`;
      const { rows } = await client.query<{ rows: number; digest: string }>(
        `select count(*)::int as rows, coalesce(md5(string_agg(${row}, E'\\n' order by ${row})), '') as digest from ${qualified(client, table)} t`,
      );
      digests[`${table.schema}.${table.name}`] = rows[0]!;
    }
    return digests;
  } finally {
    await client.end();
  }
}

async function placeCodOrder(app: FastifyInstance, cookie: string, addressId: string, productIds: string[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie, 'idempotency-key': randomUUID() },
    payload: { items: productIds.map((productId) => ({ productId, quantity: 1 })), addressId, delivery: 'standard', paymentMethod: 'cod' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function customerWithAddress(app: FastifyInstance) {
  const cookie = await registerCustomer(app, 'Aditi Joshi');
  return { cookie, addressId: await addAddress(app, cookie) };
}

/** A shop started on a data folder as `npm start` does it: embedded PostgreSQL, migrations, its own auth secret. */
async function startShop(
  dataDir: string,
): Promise<{ app: FastifyInstance; services: Services; database: OpenDatabase; close(): Promise<void> }> {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    WEB_DIST_DIR: '/nonexistent',
    CATALOGUE_CACHE_SECONDS: 0,
    PUBLIC_FORM_LIMIT_PER_HOUR: 100_000,
  };
  const database = await openDatabase(config, { log: () => undefined });
  const services = createServices({ config, database, authSecret: (await loadAuthSecret(config)).secret });
  const app = await buildApp({ services, logger: false });
  await app.ready();
  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      await services.close();
      await database.shutdown();
    },
  };
}

const SELLER_ACCOUNT = { holderName: 'Pune Tech Hub', accountNumber: '50100123456789', ifsc: 'HDFC0001234' };
let sellerId: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  // As root, the embedded PostgreSQL runs as the postgres user, who must pass through this folder.
  await chmod(work, 0o711);
  source = await createTestApp(
    { MEDIA_DIR: path.join(work, 'source-media'), PUBLIC_FORM_LIMIT_PER_HOUR: 100_000 },
    { authSecret: AUTH_SECRET },
  );
  await seedDemoDataOnce(source.services);
  // The shop's own auth secret, where `npm start` keeps it.
  sourceData = path.join(work, 'source-data');
  await mkdir(sourceData);
  await writeFile(path.join(sourceData, 'auth-secret'), AUTH_SECRET);
  // A seller's payout account, sealed with the key derived from that secret (decision 52).
  const [seller] = (await source.services.database.pool.query<{ id: string }>(`select id from vendors order by id limit 1`)).rows;
  sellerId = seller!.id;
  const sealed = bankAccountValues(sealerOf(source), sellerId, SELLER_ACCOUNT);
  await source.services.database.pool.query(`update vendors set bank_account_sealed = $1 where id = $2`, [
    sealed.bankAccountSealed,
    sellerId,
  ]);
  // An order placed after the seed, as the shop's first real customer would.
  const { rows } = await source.services.database.pool.query<{ id: string }>(
    `select id from products where status = 'active' and vendor_active and stock > 5 and price_paise < 2000000 order by id limit 2`,
  );
  const { cookie, addressId } = await customerWithAddress(source.app);
  await placeCodOrder(
    source.app,
    cookie,
    addressId,
    rows.map((r) => r.id),
  );
}, 180_000);

afterAll(async () => {
  await source?.close();
  await rm(work, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', { timeout: 180_000 }, () => {
  let backup: string;
  let restoredDir: string;

  it('round-trip the demo shop into a new data folder: same rows, sign-in, pictures, audit chain, no second seed', async () => {
    backup = path.join(work, 'backup-1');
    const made = await runCli('backup', [backup], {
      DATABASE_URL: source.config.DATABASE_URL!,
      DATA_DIR: sourceData,
      MEDIA_DIR: source.config.MEDIA_DIR,
    });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/public\.orders\s+\d+ rows/);
    expect(made.stdout).toMatch(/Backup written to .*backup-1: \d+ tables, [\d,]+ rows, \d+ pictures, [\d.]+ [kM]B in [\d.]+ s\./);
    // Password hashes and the auth secret are inside: only the owner may read it.
    expect((await stat(backup)).mode & 0o077).toBe(0);
    const manifest = await readManifest(backup);
    expect(manifest.authSecret).toBe('included');
    expect(manifest.media.files).toBeGreaterThan(50);
    expect(manifest.media.missing).toEqual([]);

    restoredDir = path.join(work, 'restored');
    const restored = await runCli('restore', [backup], { DATABASE_URL: '', DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored [\d,]+ rows and \d+ pictures/);

    const shop = await startShop(restoredDir);
    try {
      expect(await tableDigests(shop.database.url)).toEqual(await tableDigests(source.config.DATABASE_URL!));
      // The seed marker came back with the rest: the demo data is not seeded a second time.
      expect(await seedDemoDataOnce(shop.services)).toBe(false);

      const customer = await json(shop.app, 'POST', '/api/auth/login', {
        email: DEMO_ACCOUNTS.customer.email,
        password: DEMO_ACCOUNTS.customer.password,
      });
      expect(customer.statusCode).toBe(200);
      // The admin's authenticator key is encrypted with the shop's auth secret, which came back too.
      const { admin } = DEMO_ACCOUNTS;
      const pending = await json(shop.app, 'POST', '/api/auth/login', { email: admin.email, password: admin.password, portal: 'admin' });
      expect(pending.json()).toEqual({ twoFactorRequired: true });
      const second = await json(shop.app, 'POST', '/api/auth/two-factor', { code: totpCode(admin.authenticatorKey) }, cookieFrom(pending));
      expect(second.statusCode, second.body).toBe(200);

      const { rows } = await shop.database.pool.query<{ id: string }>(
        `select i.id from product_images i join products p on p.id = i.product_id where p.status = 'active' order by i.id limit 1`,
      );
      const picture = await shop.app.inject({ method: 'GET', url: `/media/products/${rows[0]!.id}/320.webp` });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');

      // The seller's sealed payout account opens with the key derived from the restored auth secret.
      expect((await shop.services.vendorProfileService.payoutAccounts([sellerId])).get(sellerId)).toEqual({
        holderName: 'Pune Tech Hub',
        number: '50100123456789',
        ifsc: 'HDFC0001234',
      });

      const audit = await shop.services.auditService.verify();
      expect(audit.firstBroken).toBeNull();
      expect(audit.checked).toBe((await source.services.auditService.verify()).checked);
    } finally {
      await shop.close();
    }
  });

  it('back up the running shop through its own PostgreSQL while orders are placed, and the copy agrees with itself', async () => {
    const shop = await startShop(restoredDir);
    const copy = `${inject('templateDatabase')}_copy_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('serverUrl') });
    await admin.connect();
    try {
      const db = shop.database.pool;
      const { rows: products } = await db.query<{ id: string }>(
        `select id from products where status = 'active' and vendor_active and price_paise < 2000000 order by id limit 2`,
      );
      const ids = products.map((p) => p.id);
      await db.query('update products set stock = 100000 where id = any($1)', [ids]);
      // Stock plus every unit ever ordered: each order takes from the first what it adds to the second.
      const ledger = `select p.id, p.stock + coalesce((select sum(quantity) from order_items i where i.product_id = p.id), 0) as total
                        from products p where p.id = any($1) order by p.id`;
      const before = (await db.query(ledger, [ids])).rows;
      const ordersBefore = Number((await db.query('select count(*) from orders')).rows[0].count);

      const { cookie, addressId } = await customerWithAddress(shop.app);
      let done = false;
      const placing = (async () => {
        while (!done) await placeCodOrder(shop.app, cookie, addressId, ids);
      })();
      const running = path.join(work, 'backup-running');
      // The data folder is the running shop's (this process holds its lock): the command uses its server.
      const made = await runCli('backup', [running], { DATABASE_URL: '', DATA_DIR: restoredDir });
      done = true;
      await placing;
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain(`Backing up the running shop (pid ${process.pid})`);
      const ordersAfter = Number((await db.query('select count(*) from orders')).rows[0].count);

      await admin.query(`create database ${admin.escapeIdentifier(copy)}`);
      const copyUrl = withDatabase(inject('serverUrl'), copy);
      const restored = await runCli('restore', [running], { DATABASE_URL: copyUrl, DATA_DIR: path.join(work, 'copy-data') });
      expect(restored.code, restored.stderr).toBe(0);

      const check = new pg.Client({ connectionString: copyUrl });
      await check.connect();
      try {
        expect((await check.query(ledger, [ids])).rows).toEqual(before);
        const ordersInCopy = Number((await check.query('select count(*) from orders')).rows[0].count);
        expect(ordersInCopy).toBeGreaterThan(ordersBefore);
        expect(ordersInCopy).toBeLessThanOrEqual(ordersAfter);
        // Every order has its lines and its payment; no line or payment lacks its order.
        const orphans = await check.query(`
          select (select count(*) from orders o where not exists (select from order_items i where i.order_id = o.id))::int as bare_orders,
                 (select count(*) from orders o where not exists (select from payments p where p.order_id = o.id))::int as unpaid_orders,
                 (select count(*) from order_items i where not exists (select from orders o where o.id = i.order_id))::int as stray_lines`);
        expect(orphans.rows[0]).toEqual({ bare_orders: 0, unpaid_orders: 0, stray_lines: 0 });
      } finally {
        await check.end();
      }

      // A database that now holds a shop is refused, unless told to replace it: then it is the first backup's shop.
      const elsewhere = { DATABASE_URL: copyUrl, DATA_DIR: path.join(work, 'copy-data-2') };
      const again = await runCli('restore', [backup], elsewhere);
      expect(again.code).toBe(65);
      expect(again.stderr).toContain('The target database is not empty');
      const replaced = await runCli('restore', [backup, '--force'], elsewhere);
      expect(replaced.code, replaced.stderr).toBe(0);
      expect(await tableDigests(copyUrl)).toEqual(await tableDigests(source.config.DATABASE_URL!));
    } finally {
      await shop.close();
      await admin.query(`drop database if exists ${admin.escapeIdentifier(copy)} with (force)`);
      await admin.end();
    }
  });

  it('back up a stopped shop by starting its PostgreSQL under the shop’s lock, and let it go after', async () => {
    const folder = path.join(work, 'backup-stopped');
    const made = await runCli('backup', [folder], { DATABASE_URL: '', DATA_DIR: restoredDir });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Backing up the stopped shop in ${restoredDir}`);
    expect((await readManifest(folder)).source.kind).toBe('embedded');
    expect(existsSync(path.join(restoredDir, 'shop.lock'))).toBe(false);

    const nothing = await runCli('backup', [path.join(work, 'backup-none')], { DATABASE_URL: '', DATA_DIR: path.join(work, 'no-shop') });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain(`There is no shop database in ${path.join(work, 'no-shop')} (DATA_DIR): nothing to back up.`);
  });

  it('refuse a database that holds a shop, and a data folder that holds one, changing nothing', async () => {
    const before = await tableDigests(source.config.DATABASE_URL!);
    const intoShop = await runCli('restore', [backup], {
      DATABASE_URL: source.config.DATABASE_URL!,
      DATA_DIR: path.join(work, 'other-data'),
    });
    expect(intoShop.code).toBe(65);
    expect(intoShop.stderr).toMatch(
      /The target database is not empty: \d+ tables hold rows \(.*\)\. Restore into an empty database, or add --force/,
    );
    expect(await tableDigests(source.config.DATABASE_URL!)).toEqual(before);

    const intoFolder = await runCli('restore', [backup], { DATABASE_URL: '', DATA_DIR: restoredDir });
    expect(intoFolder.code).toBe(65);
    expect(intoFolder.stderr).toContain(`${restoredDir} already holds a shop database. Restore into a new DATA_DIR`);

    const notABackup = await runCli('restore', [work], { DATABASE_URL: '', DATA_DIR: path.join(work, 'never') });
    expect(notABackup.code).not.toBe(0);
    expect(notABackup.stderr).toContain(`${work} is not a shop backup: it has no manifest.json.`);
    expect(await readdir(work)).not.toContain('never');
  });

  it('copy pictures out of an S3 bucket and into one', async () => {
    const server = new S3rver({
      // See S3rverOptions.allowMismatchedSignatures (src/server/test/s3rver.d.ts).
      allowMismatchedSignatures: true,
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(work, 's3rver'),
      configureBuckets: [{ name: 'shop-media', configs: [] }],
    });
    const { port } = await server.run();
    const admin = new pg.Client({ connectionString: inject('serverUrl') });
    await admin.connect();
    const name = `${inject('templateDatabase')}_s3_${randomBytes(3).toString('hex')}`;
    try {
      await admin.query(`create database ${admin.escapeIdentifier(name)}`);
      const bucket = {
        DATABASE_URL: withDatabase(inject('serverUrl'), name),
        DATA_DIR: path.join(work, 's3-data'),
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'shop-media',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'pune',
      };
      const restored = await runCli('restore', [backup], bucket);
      expect(restored.code, restored.stderr).toBe(0);
      const again = path.join(work, 'backup-s3');
      const made = await runCli('backup', [again], bucket);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/pictures \(s3 storage\)/);

      const [first, second] = [await readManifest(backup), await readManifest(again)];
      expect(second.media).toMatchObject({ driver: 's3', files: first.media.files, bytes: first.media.bytes, missing: [] });
      const key = (await readdir(path.join(again, 'media', 'products'), { recursive: true })).find((f) => f.endsWith('.webp'))!;
      expect(await readFile(path.join(again, 'media', 'products', key))).toEqual(
        await readFile(path.join(backup, 'media', 'products', key)),
      );
    } finally {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
      await server.close();
    }
  });

  it('carry a schema the migrations do not make (a job queue’s), and restore without it only when told', async () => {
    const admin = new pg.Client({ connectionString: inject('serverUrl') });
    await admin.connect();
    const [from, into] = ['queue', 'queue_copy'].map((n) => `${inject('templateDatabase')}_${n}_${randomBytes(3).toString('hex')}`) as [
      string,
      string,
    ];
    try {
      await admin.query(`create database ${admin.escapeIdentifier(from)} template ${admin.escapeIdentifier(inject('templateDatabase'))}`);
      await admin.query(`create database ${admin.escapeIdentifier(into)}`);
      const fromUrl = withDatabase(inject('serverUrl'), from);
      const queue = new pg.Client({ connectionString: fromUrl });
      await queue.connect();
      await queue.query(`create schema jobs_demo; create table jobs_demo.jobs (id serial primary key, task text not null)`);
      await queue.query(`insert into jobs_demo.jobs (task) values ('order_email'), ('settle_payouts'), ('expire_unpaid')`);
      await queue.end();

      const folder = path.join(work, 'backup-queue');
      const made = await runCli('backup', [folder], { DATABASE_URL: fromUrl, DATA_DIR: path.join(work, 'queue-data') });
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/jobs_demo\.jobs\s+3 rows/);
      const manifest = await readManifest(folder);
      expect(manifest.sequences).toContainEqual({ schema: 'jobs_demo', name: 'jobs_id_seq', lastValue: '3', isCalled: true });
      expect(manifest.authSecret).toBe('environment');

      const target = { DATABASE_URL: withDatabase(inject('serverUrl'), into), DATA_DIR: path.join(work, 'queue-copy-data') };
      const refused = await runCli('restore', [folder], target);
      expect(refused.code).toBe(65);
      expect(refused.stderr).toContain('jobs_demo.jobs (3 rows): no such table');
      expect(refused.stderr).toContain('add --skip-missing');
      const without = await runCli('restore', [folder, '--skip-missing'], target);
      expect(without.code, without.stderr).toBe(0);
      expect(without.stdout).toContain('left out: jobs_demo.jobs (3 rows)');
      expect(without.stdout).toContain('start this one with the same AUTH_SECRET');
    } finally {
      for (const name of [from, into]) await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    }
  });
});

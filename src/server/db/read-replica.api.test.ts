import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health } from '~/shared/schemas/health';
import type { ProductCard, ProductDetail } from '~/shared/schemas/catalogue';
import { DEMO_ACCOUNTS } from '../ops/seed/demo-accounts';
import type { ServerRendererModule } from '../http/plugins/page-renderer';
import { customerWithAddress, signInDemo } from '../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../test/catalogue-fixture';
import { dropKeys, testRedis, type TestRedis } from '../test/redis';
import { startStreamingReplica, type StreamingReplica } from '../test/streaming-replica';
import { createTestAppBeside, createTestAppOver, json, type TestApp } from '../test/test-app';
import { until } from '../test/until';

/**
 * DATABASE_REPLICA_URL against a real streaming replica (issue 15, point 4; decision 34): a
 * PostgreSQL primary and a hot standby of this file's own. Two app processes (A writes, B reads, as
 * behind a load balancer) cache answers for a minute, with Redis and without. Which server ran a
 * statement is read from each server's pg_stat_statements.
 */

/** Statements that read the catalogue's products table. */
const PRODUCTS = '\\mproducts\\M';
const figures: Record<string, number> = {};
let pair: StreamingReplica;
let redis: TestRedis;
let webDir: string;
let pageRenderer: ServerRendererModule;

beforeAll(async () => {
  const started = performance.now();
  webDir = await mkdtemp(path.join(tmpdir(), 'replica-web-'));
  await copyFile(path.resolve('src/web/index.html'), path.join(webDir, 'index.html'));
  pageRenderer = await import('~/web/entry-server');
  [pair, redis] = await Promise.all([startStreamingReplica(), testRedis()]);
  // The demo catalogue, written once on the primary (the replica receives it by streaming).
  const seeder = await createTestAppOver(pair.primaryUrl);
  await seedDemoCatalogueForTests(seeder.services);
  await seeder.close();
  figures['primary and replica started, migrated and seeded (ms)'] = Math.round(performance.now() - started);
}, 180_000);

afterAll(async () => {
  console.info(`Read replica: ${JSON.stringify(figures)}`);
  await pair?.stop();
  await redis?.stop();
  await rm(webDir, { recursive: true, force: true });
});

/** The price of a server-rendered product page's JSON-LD offer, in paise. */
async function pagePrice(t: TestApp, id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/product/${id}`, headers: { host: new URL(t.config.PUBLIC_URL).host } });
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body);
  return Math.round(Number((JSON.parse(match![1]!) as { offers: { price: string } }).offers.price) * 100);
}
const health = async (t: TestApp) => (await json(t.app, 'GET', '/api/health')).json() as Health;
const cards = async (t: TestApp, ids: string[]) => {
  const res = await json(t.app, 'GET', `/api/catalogue/products/by-ids?ids=${ids.join(',')}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: ProductCard[] }).items;
};
const productAnswer = async (t: TestApp, id: string) => {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { price: (res.json() as { product: ProductDetail }).product.pricePaise, cache: res.headers['x-cache'] };
};
/** A list answer no earlier call has cached (its price filter is new). */
let listed = 0;
const freshList = async (t: TestApp) => {
  listed += 1;
  const res = await json(t.app, 'GET', `/api/catalogue/products?price_max=${900_000 + listed}&page_size=12`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-cache']).toBe('miss');
  return res.json() as { total: number };
};

/** The products of one demo vendor on sale, most expensive first. */
async function vendorProducts(email: string) {
  return pair.onPrimary<{ id: string; price_paise: number }>(
    `select p.id, p.price_paise from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
      where u.email = $1 and p.status = 'active' and p.vendor_active and p.stock > 5 order by p.price_paise desc`,
    [email],
  );
}

/** Waits until B's reads go to the replica again (the replica answers and has caught up). */
async function replicaServing(t: TestApp, limitMs = 10_000) {
  return until(
    async () => {
      const before = await pair.replicaStatements(PRODUCTS);
      await freshList(t);
      return (await pair.replicaStatements(PRODUCTS)) > before;
    },
    limitMs,
    'catalogue reads on the replica',
  );
}

describe.each([
  { mode: 'without Redis (LISTEN/NOTIFY)', withRedis: false },
  { mode: 'with Redis (pub/sub)', withRedis: true },
])('catalogue reads on a streaming replica, two app processes $mode', ({ mode, withRedis }) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestAppOver(
      pair.primaryUrl,
      {
        DATABASE_REPLICA_URL: pair.replicaUrl,
        CATALOGUE_CACHE_SECONDS: 60,
        REDIS_URL: withRedis ? redis.url.toString() : undefined,
        PUBLIC_FORM_LIMIT_PER_HOUR: 100_000,
        WEB_DIST_DIR: webDir,
      },
      { pageRenderer },
    );
    b = await createTestAppBeside(a, {}, { pageRenderer });
    await until(async () => (await health(b)).replica?.status === 'up', 10_000, 'the replica reported up');
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (withRedis && a) await dropKeys(redis, a.config.REDIS_PREFIX);
  });

  it('the storefront’s reads go to the replica once it has caught up; a vendor’s own screen reads the primary', async () => {
    await replicaServing(b);
    const [product] = await vendorProducts(DEMO_ACCOUNTS.khargharVendor.email);
    const onReplica = await pair.replicaStatements(PRODUCTS);
    const onPrimary = await pair.primaryStatements(PRODUCTS);

    await freshList(b);
    await cards(b, [product!.id]);
    expect((await productAnswer(b, product!.id)).price).toBe(product!.price_paise);
    expect(await pair.replicaStatements(PRODUCTS)).toBeGreaterThanOrEqual(onReplica + 3);
    expect(await pair.primaryStatements(PRODUCTS)).toBe(onPrimary);

    const vendor = await signInDemo(b, DEMO_ACCOUNTS.khargharVendor);
    const own = await json(b.app, 'GET', '/api/vendor/products', undefined, vendor);
    expect(own.statusCode, own.body).toBe(200);
    expect(await pair.primaryStatements(PRODUCTS)).toBeGreaterThan(onPrimary);
    const afterVendor = await pair.replicaStatements(PRODUCTS);
    expect(afterVendor).toBeGreaterThanOrEqual(onReplica + 3);

    const { replica } = await health(b);
    expect(replica?.status).toBe('up');
    expect(replica!.lagMs).toBeLessThanOrEqual(b.config.DATABASE_REPLICA_MAX_LAG_MS);
    expect(replica!.reads.replica).toBeGreaterThanOrEqual(3);

    // After a catalogue change, reads wait on the primary for the next readings of both positions.
    const stock = await json(b.app, 'PATCH', `/api/vendor/products/${product!.id}`, { stock: 40 }, vendor);
    expect(stock.statusCode, stock.body).toBe(200);
    figures[`${mode}: reads back on the replica after a change (ms)`] = Math.round(await replicaServing(b, 5_000));
  });

  it('a price changed while the replica is held behind shows at once on both processes, and no cached answer keeps the old one', async () => {
    const [, product] = await vendorProducts(DEMO_ACCOUNTS.khargharVendor.email);
    const { id } = product!;
    const vendor = await signInDemo(a, DEMO_ACCOUNTS.khargharVendor);
    // B has the product's answer and page cached, read from the replica.
    await productAnswer(b, id);
    expect(await productAnswer(b, id)).toEqual({ price: product!.price_paise, cache: 'hit' });
    expect(await pagePrice(b, id)).toBe(product!.price_paise);

    await pair.pauseReplay();
    try {
      const newPrice = product!.price_paise - 1_234_00;
      const patched = await json(a.app, 'PATCH', `/api/vendor/products/${id}`, { price: newPrice / 100 }, vendor);
      expect(patched.statusCode, patched.body).toBe(200);
      // The replica really is behind: it still has the old price.
      const [onReplica] = await pair.onReplica<{ price_paise: number }>('select price_paise from products where id = $1', [id]);
      expect(onReplica!.price_paise).toBe(product!.price_paise);

      // The writer's own next answer has the new price at once; the other process's within the bus's delivery.
      expect((await productAnswer(a, id)).price).toBe(newPrice);
      figures[`${mode}: new price on the other process (ms)`] = Math.round(
        await until(async () => (await productAnswer(b, id)).price === newPrice, 1_000, 'the new price on the other process'),
      );
      // From then on, for as long as the replica stays behind: the new price, from the cache and uncached.
      const replicaBefore = await pair.replicaStatements(PRODUCTS);
      const deadline = performance.now() + 1_500;
      let answers = 0;
      while (performance.now() < deadline) {
        for (const t of [a, b]) {
          expect((await productAnswer(t, id)).price).toBe(newPrice);
          expect((await cards(t, [id]))[0]!.pricePaise).toBe(newPrice);
          expect(await pagePrice(t, id)).toBe(newPrice);
          answers += 3;
        }
        await freshList(b);
      }
      expect(await productAnswer(b, id)).toEqual({ price: newPrice, cache: 'hit' });
      expect(await pair.replicaStatements(PRODUCTS)).toBe(replicaBefore);
      figures[`${mode}: answers while the replica was held behind`] = answers;
      // Held for longer than DATABASE_REPLICA_MAX_LAG_MS, health says it is behind (still 200).
      const held = await json(b.app, 'GET', '/api/health');
      expect(held.statusCode).toBe(200);
      expect((held.json() as Health).replica?.status).toBe('behind');
      expect((held.json() as Health).replica!.lagBytes).toBeGreaterThan(0);
    } finally {
      await pair.resumeReplay();
    }

    figures[`${mode}: replica serving again after replay resumed (ms)`] = Math.round(await replicaServing(b));
    expect((await productAnswer(b, id)).price).toBe(product!.price_paise - 1_234_00);
    expect((await cards(b, [id]))[0]!.pricePaise).toBe(product!.price_paise - 1_234_00);
  });

  it('placing an order re-prices and takes stock on the primary only, even with the replica caught up', async () => {
    // Within the cash-on-delivery limit.
    const [product] = await pair.onPrimary<{ id: string }>(
      `select id from products where status = 'active' and vendor_active and stock > 5 and price_paise < 4000000 order by id limit 1`,
    );
    const { cookie, addressId } = await customerWithAddress(a);
    await replicaServing(a);

    const onReplica = await pair.replicaStatements(PRODUCTS);
    const [before] = await pair.onPrimary<{ stock: number }>('select stock from products where id = $1', [product!.id]);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload: {
        items: [{ productId: product!.id, quantity: 1 }],
        addressId,
        delivery: 'standard',
        paymentMethod: 'cod',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [after] = await pair.onPrimary<{ stock: number }>('select stock from products where id = $1', [product!.id]);
    expect(after!.stock).toBe(before!.stock - 1);
    expect(await pair.replicaStatements(PRODUCTS)).toBe(onReplica);
  });
});

describe('when the replica stops or freezes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestAppOver(pair.primaryUrl, { DATABASE_REPLICA_URL: pair.replicaUrl, CATALOGUE_CACHE_SECONDS: 60 });
    await replicaServing(t);
  }, 60_000);
  afterAll(() => t?.close());

  it('the catalogue answers from the primary, health says the replica is down, readiness stays ready; it is used again when it is back', async () => {
    const [product] = await vendorProducts(DEMO_ACCOUNTS.khargharVendor.email);
    await pair.stopReplica();
    try {
      const started = performance.now();
      expect((await freshList(t)).total).toBeGreaterThan(0);
      expect((await cards(t, [product!.id]))[0]!.id).toBe(product!.id);
      figures['replica stopped: first answers from the primary (ms)'] = Math.round(performance.now() - started);

      await until(async () => (await health(t)).replica?.status === 'down', 3_000, 'health saying the replica is down');
      const res = await json(t.app, 'GET', '/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'up' }, replica: { status: 'down' } });
      const ready = await json(t.app, 'GET', '/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', reason: null });
      const primaryReads = (await health(t)).replica!.reads.primary;
      for (let i = 0; i < 5; i++) await freshList(t);
      expect((await health(t)).replica!.reads.primary).toBe(primaryReads + 5);
    } finally {
      await pair.startReplica();
    }
    figures['replica restarted: serving again after (ms)'] = Math.round(await replicaServing(t, 20_000));
    expect((await health(t)).replica?.status).toBe('up');
  });

  it('a frozen replica holds no read longer than the probe’s time limit: they are answered from the primary', async () => {
    await pair.freezeReplica();
    try {
      // Reads sent just as it froze wait for the probe's verdict (DB_PROBE_TIMEOUT_MS), not the 15 s statement limit.
      const started = performance.now();
      const answers = await Promise.all([freshList(t), freshList(t), freshList(t)]);
      expect(answers.every((a) => a.total > 0)).toBe(true);
      const waited = performance.now() - started;
      figures['replica frozen: reads under way answered from the primary after (ms)'] = Math.round(waited);
      expect(waited).toBeLessThan(t.config.DB_PROBE_TIMEOUT_MS + 2_000);
      expect((await health(t)).replica?.status).toBe('down');
      const next = performance.now();
      await freshList(t);
      figures['replica frozen: next read answered after (ms)'] = Math.round(performance.now() - next);
      expect(performance.now() - next).toBeLessThan(1_000);
    } finally {
      await pair.thawReplica();
    }
    figures['replica thawed: serving again after (ms)'] = Math.round(await replicaServing(t, 20_000));
  });
});

describe('a replica URL that names a server which is not a standby', () => {
  it('is never read: health says so, and the catalogue answers from the primary', async () => {
    // The primary under another name: the configuration check cannot see it, the replica's own check does.
    const t = await createTestAppOver(pair.primaryUrl, { DATABASE_REPLICA_URL: pair.primaryUrl.replace('127.0.0.1', 'localhost') });
    try {
      await until(async () => (await health(t)).replica?.status === 'not a standby', 5_000, 'health saying it is not a standby');
      expect((await health(t)).status).toBe('degraded');
      for (let i = 0; i < 3; i++) await freshList(t);
      expect((await health(t)).replica!.reads).toEqual({ replica: 0, primary: 3 });
    } finally {
      await t.close();
    }
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResponse } from '~/shared/schemas/orders';
import { DATABASE_UNAVAILABLE_MESSAGE } from '~/shared/unavailable';
import { loadConfig, type Config } from '../config/env';
import { buildApp } from '../http/app';
import { createServices, type Services } from '../services';
import { seedDemoCatalogueForTests } from '../test/catalogue-fixture';
import { addAddress, json, registerCustomer } from '../test/test-app';
import { connectDatabase, databaseLimits, type DatabaseHandle } from './client';
import { ensureDatabase, removeCluster, startEmbeddedPostgres, withDatabase, type EmbeddedPostgres } from './embedded';
import { signalServer } from './embedded-processes';
import { runMigrations } from './migrate';

/**
 * Fault tests of decision 24 on a PostgreSQL of this file's own (the shared test server, and the
 * machine's when DATABASE_URL is set, are never frozen): under load the database is frozen
 * (SIGSTOP to every one of its processes), thawed, killed (the supervisor starts it again), and
 * every order acknowledged with 201 is still there afterwards.
 */

const LIMIT_MS = 2_000;
const log: string[] = [];
let dataDir: string;
let server: EmbeddedPostgres;
let database: DatabaseHandle;
let services: Services;
let app: FastifyInstance;
let cookie: string;
let addressId: string;
let productId: string;
const acknowledged = new Set<string>();
/** When the app's watch found the database answering again (performance.now()). */
const upAgain: number[] = [];
const figures: Record<string, number> = {};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(work: () => Promise<LightMyRequestResponse>): Promise<{ ms: number; res: LightMyRequestResponse }> {
  const start = performance.now();
  const res = await work();
  return { ms: performance.now() - start, res };
}

/** Polls until `check` passes; returns the milliseconds it took. */
async function until(check: () => Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await check()) return performance.now() - start;
    await sleep(25);
  }
  throw new Error(`${what} did not happen within ${limitMs} ms`);
}

const health = () => json(app, 'GET', '/api/health');
const catalogue = () => json(app, 'GET', '/api/catalogue/products?page=1');
const placeOrder = () =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ productId, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'cod' },
    headers: { cookie, 'idempotency-key': randomUUID() },
  });

interface Call {
  what: 'order' | 'listing';
  status: number;
  /** performance.now() at its start and its answer. */
  start: number;
  end: number;
}

/**
 * Twenty callers at once, browsing and ordering as a signed-in customer, until `stop()` is
 * called. Every answer is recorded; an order answered 201 is remembered as acknowledged.
 */
function load() {
  let stopped = false;
  const calls: Call[] = [];
  const worker = async (index: number) => {
    while (!stopped) {
      const what = index % 4 === 0 ? 'order' : 'listing';
      const start = performance.now();
      const res = await (what === 'order' ? placeOrder() : catalogue());
      calls.push({ what, status: res.statusCode, start, end: performance.now() });
      if (res.statusCode === 201) acknowledged.add((res.json() as PlaceOrderResponse).order.id);
      // As the SPA does: wait for Retry-After (shortened here) before calling again.
      if (res.statusCode === 503) await sleep(100);
    }
  };
  const done = Promise.all(Array.from({ length: 20 }, (_, i) => worker(i)));
  return {
    calls,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** Every connection the callers took came back to the pool: none stays lent to a request that ended. */
function expectConnectionsBack() {
  expect(database.pool.totalCount - database.pool.idleCount, 'connections still lent').toBe(0);
}

/** Whether an answer is the outage's: 503, Retry-After and the clear message. */
function expectOutageAnswer(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
}

/**
 * What the callers under load saw: only 2xx and 503, and every call made while the database was
 * away (from the fault until the app's watch found it answering again) answered within the limit.
 * Calls after that are the database catching up on a loaded machine: not the outage's figures.
 */
function expectLoadAnswered(calls: Call[], fault: number) {
  const statuses = new Set(calls.map((c) => c.status));
  expect([...statuses].filter((s) => s >= 500 && s !== 503)).toEqual([]);
  expect([...statuses].filter((s) => s >= 400 && s < 500)).toEqual([]);
  expect(calls.filter((c) => c.status === 503).length).toBeGreaterThan(0);
  const back = upAgain.find((at) => at > fault) ?? Infinity;
  const during = calls.filter((c) => c.start < back && c.end > fault);
  const slowest = during.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
  const ms = Math.round(slowest.end - slowest.start);
  const where = { what: slowest.what, status: slowest.status, startedAfterFault: Math.round(slowest.start - fault), ms };
  expect(ms, `the slowest call while the database was away: ${JSON.stringify(where)}`).toBeLessThanOrEqual(LIMIT_MS);
  return ms;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-outage-pg-'));
  // As root, the embedded server runs as the postgres user, who must be able to enter DATA_DIR.
  await chmod(dataDir, 0o755);
  server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), supervise: true, superviseLog: (l) => log.push(l) });
  await ensureDatabase(server.url, 'shop');
  const url = withDatabase(server.url, 'shop');
  const config: Config = {
    ...loadConfig(),
    NODE_ENV: 'test',
    DATABASE_URL: url,
    embeddedDatabase: false,
    seedDemoData: false,
    REDIS_URL: undefined,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    MEDIA_DIR: path.join(dataDir, 'media'),
    PUBLIC_FORM_LIMIT_PER_HOUR: 100_000,
    // Every listing reaches the database (a cached one would still answer 200 during the outage).
    CATALOGUE_CACHE_SECONDS: 0,
  };
  database = connectDatabase(url, config.DB_POOL_MAX, {
    // As the app opens it: reads by key as prepared statements (decision 38), which die with their connections.
    ...databaseLimits(config),
    watch: { intervalMs: config.DB_PROBE_INTERVAL_MS, timeoutMs: config.DB_PROBE_TIMEOUT_MS, log: (l) => log.push(l) },
  });
  database.availability!.onChange((up) => up && upAgain.push(performance.now()));
  await runMigrations(database.pool);
  services = createServices({ config, database, authSecret: randomBytes(32).toString('hex') });
  app = await buildApp({ services, logger: false });
  await app.ready();
  await seedDemoCatalogueForTests(services);

  cookie = await registerCustomer(app, 'Aditi Joshi');
  addressId = await addAddress(app, cookie);
  const { rows } = await database.pool.query<{ id: string }>(
    `select id from products where status = 'active' and vendor_active order by price_paise limit 1`,
  );
  productId = rows[0]!.id;
  await database.pool.query('update products set stock = 100000 where id = $1', [productId]);
}, 120_000);

afterAll(async () => {
  console.info(`Outage figures (ms): ${JSON.stringify(figures)}\nLog:\n  ${log.join('\n  ')}`);
  signalServer(server?.pid, 'SIGCONT');
  await app?.close();
  await services?.close();
  await database?.close();
  await server?.stop();
  await removeCluster(dataDir);
});

describe('the shop rides out a database outage (decision 24)', { timeout: 60_000 }, () => {
  it('frozen under load: health says down and the API answers 503 with Retry-After within 2 s, then recovers by itself', async () => {
    expect((await health()).statusCode).toBe(200);
    const traffic = load();
    let fault = 0;
    try {
      await sleep(500);
      fault = performance.now();
      signalServer(server.pid, 'SIGSTOP');
      const [down, call] = await Promise.all([
        until(async () => (await health()).statusCode === 503, LIMIT_MS, 'health saying down'),
        timed(catalogue),
      ]);
      figures.frozenHealthDown = Math.round(down);
      figures.frozenFirst503 = Math.round(call.ms);
      expectOutageAnswer(call.res);
      expect(call.ms).toBeLessThanOrEqual(LIMIT_MS);
      expect((await health()).json()).toMatchObject({ status: 'degraded', database: { status: 'down', latencyMs: null } });
      // Once it is known to be away, calls do not wait at all: not a listing, not an order.
      const later = await timed(placeOrder);
      expectOutageAnswer(later.res);
      figures.frozenLater503 = Math.round(later.ms);
      expect(later.ms).toBeLessThan(LIMIT_MS / 2);
      await sleep(1_000);

      signalServer(server.pid, 'SIGCONT');
      figures.thawedRecovered = Math.round(
        await until(async () => (await catalogue()).statusCode === 200 && (await health()).statusCode === 200, 10_000, 'recovery'),
      );
      await sleep(500);
    } finally {
      signalServer(server.pid, 'SIGCONT');
      await traffic.stop();
    }
    figures.frozenSlowestCall = expectLoadAnswered(traffic.calls, fault);
    expectConnectionsBack();
    expect(traffic.calls.filter((c) => c.status === 201).length).toBeGreaterThan(0);
  });

  it('killed under load: 503 within 2 s, the process carries on, and the supervisor starts PostgreSQL again', async () => {
    const traffic = load();
    let fault = 0;
    try {
      await sleep(500);
      const before = server.pid;
      fault = performance.now();
      process.kill(before!, 'SIGKILL');
      const [down, call] = await Promise.all([
        until(async () => (await health()).statusCode === 503, LIMIT_MS, 'health saying down'),
        timed(catalogue),
      ]);
      figures.killedHealthDown = Math.round(down);
      figures.killedFirst503 = Math.round(call.ms);
      expectOutageAnswer(call.res);
      expect(call.ms).toBeLessThanOrEqual(LIMIT_MS);

      figures.killedRecovered = Math.round(
        await until(async () => (await catalogue()).statusCode === 200 && (await health()).statusCode === 200, 30_000, 'recovery'),
      );
      expect(server.pid).not.toBe(before);
      expect(log).toContainEqual(expect.stringMatching(/^PostgreSQL stopped unexpectedly \(signal SIGKILL\); restarting it in 1 s/));
      expect(log).toContainEqual(expect.stringMatching(/^PostgreSQL restarted on port \d+/));
      await sleep(500);
    } finally {
      await traffic.stop();
    }
    figures.killedSlowestCall = expectLoadAnswered(traffic.calls, fault);
    expectConnectionsBack();
  });

  it('loses no acknowledged order', async () => {
    expect(acknowledged.size).toBeGreaterThan(0);
    // A connection of its own, straight to the database.
    const check = new pg.Client({ connectionString: withDatabase(server.url, 'shop') });
    await check.connect();
    try {
      const { rows } = await check.query<{ id: string; lines: string }>(
        `select o.id, (select count(*) from order_items i where i.order_id = o.id) as lines from orders o where o.id = any($1::text[])`,
        [[...acknowledged]],
      );
      figures.ordersAcknowledged = acknowledged.size;
      figures.ordersFound = rows.length;
      expect(rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
      expect(rows.every((r) => Number(r.lines) === 1)).toBe(true);
    } finally {
      await check.end();
    }
  });
});

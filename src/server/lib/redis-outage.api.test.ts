import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedis, type TestRedis } from '../test/redis';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { until } from '../test/until';
import { createTestApp, createTestAppBeside, json, registerCustomer, TEST_PASSWORD, uniqueEmail, type TestApp } from '../test/test-app';

/**
 * Redis going away under the real app (decision 24). The app reaches Redis through a proxy this
 * file controls, so "frozen" and "gone" never touch the Redis behind it: the machine's (REDIS_URL)
 * or, without one, a redis-server of this file's own.
 */

const LIMIT_MS = 2_000;
let redis: TestRedis | undefined;
let backend: URL;
let proxy: TcpProxy;
let direct: Redis;
let t: TestApp;
const figures: Record<string, number> = {};

const session = async (cookie: string, on: TestApp = t) =>
  (await json(on.app, 'GET', '/api/auth/session', undefined, cookie)).json().user as { email: string } | null;
const cacheStatus = async () => (await json(t.app, 'GET', '/api/health')).json().cache.status as 'up' | 'down';
/** The app's keys in the Redis behind the proxy. */
const keysInRedis = () => direct.keys(`${t.config.REDIS_PREFIX}*`);

async function timedCall<T>(work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  expect(performance.now() - start, 'a call during the outage took too long').toBeLessThan(LIMIT_MS);
  return result;
}

beforeAll(async () => {
  redis = await testRedis();
  backend = redis.url;
  proxy = await startTcpProxy({ host: backend.hostname, port: Number(backend.port || 6379) });
  const proxied = new URL(backend);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  direct = new Redis(backend.toString(), { lazyConnect: true });
  await direct.connect();
  t = await createTestApp({ REDIS_URL: proxied.toString(), CATALOGUE_CACHE_SECONDS: 30, LOGIN_MAX_FAILURES: 3 });
}, 60_000);

afterAll(async () => {
  console.info(`Redis outage figures (ms): ${JSON.stringify(figures)}`);
  await t?.close();
  if (direct) {
    const left = await keysInRedis().catch(() => []);
    if (left.length) await direct.del(...left);
    direct.disconnect();
  }
  await proxy?.stop();
  await redis?.stop();
});

describe('the shop when Redis goes away (decision 24)', { timeout: 60_000 }, () => {
  it('frozen: serves from memory within 2 s, keeps rate limits, and a sign-out made meanwhile stays a sign-out', async () => {
    const cookie = await registerCustomer(t.app, 'Meera Deshpande');
    expect(await session(cookie)).not.toBeNull();
    expect((await keysInRedis()).length).toBeGreaterThan(0);
    expect(await cacheStatus()).toBe('up');

    proxy.freeze();
    figures.frozenCacheDown = Math.round(
      await until(async () => (await cacheStatus()) === 'down', LIMIT_MS, 'health saying the cache is down'),
    );
    const health = await json(t.app, 'GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', database: { status: 'up' }, cache: { kind: 'redis', status: 'down' } });

    expect((await timedCall(() => json(t.app, 'GET', '/api/catalogue/products?page=1'))).statusCode).toBe(200);
    expect(await timedCall(() => session(cookie))).toMatchObject({ name: 'Meera Deshpande' });
    // Sign-in failures are still counted and limited, in this process's memory.
    const email = uniqueEmail('frozen');
    await json(t.app, 'POST', '/api/auth/register', {
      name: 'Kiran Patil',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    const attempts = [];
    for (let i = 0; i < 4; i++)
      attempts.push((await timedCall(() => json(t.app, 'POST', '/api/auth/login', { email, password: 'Wrong-Password-9' }))).statusCode);
    expect(attempts).toEqual([401, 401, 401, 429]);
    // Signing out while Redis holds an older copy of the session.
    expect((await timedCall(() => json(t.app, 'POST', '/api/auth/logout', undefined, cookie))).statusCode).toBe(204);
    expect(await session(cookie)).toBeNull();

    proxy.thaw();
    figures.thawedCacheUp = Math.round(await until(async () => (await cacheStatus()) === 'up', 5_000, 'health saying the cache is up'));
    // Redis's older copy of the ended session was removed before Redis was used again.
    expect(await session(cookie)).toBeNull();
  });

  it('gone: answers at once from memory; back on the same address: used again, with no restart', async () => {
    await proxy.stop();
    const started = performance.now();
    expect((await json(t.app, 'GET', '/api/catalogue/products?page=1')).statusCode).toBe(200);
    const cookie = await registerCustomer(t.app, 'Sameer Kulkarni');
    expect(await session(cookie)).toMatchObject({ name: 'Sameer Kulkarni' });
    figures.goneCalls = Math.round(performance.now() - started);
    expect(await cacheStatus()).toBe('down');

    await proxy.start();
    figures.restartedCacheUp = Math.round(await until(async () => (await cacheStatus()) === 'up', 5_000, 'health saying the cache is up'));
    // New sessions go to Redis again, where other app processes see them.
    const before = new Set(await keysInRedis());
    const again = await registerCustomer(t.app, 'Anjali Rao');
    expect((await keysInRedis()).filter((key) => !before.has(key)).length).toBeGreaterThan(0);
    expect(await session(again)).toMatchObject({ name: 'Anjali Rao' });
  });

  it('gone, with two processes: a session made on one and ended on the other is ended on both', async () => {
    const other = await createTestAppBeside(t);
    try {
      await proxy.stop();
      // Made while each process answers from its own memory: the other keeps a copy there.
      const cookie = await registerCustomer(other.app, 'Farhan Shaikh');
      expect(await session(cookie, other)).toMatchObject({ name: 'Farhan Shaikh' });
      expect(await session(cookie)).toMatchObject({ name: 'Farhan Shaikh' });
      expect((await json(t.app, 'POST', '/api/auth/logout', undefined, cookie)).statusCode).toBe(204);
      expect(await session(cookie, other), 'the other process still took the ended session for valid').toBeNull();
    } finally {
      await proxy.start();
      await other.close();
    }
  });
});

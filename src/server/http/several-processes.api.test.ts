import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '~/shared/money';
import type { ProductDetail } from '~/shared/schemas/catalogue';
import type { PublicSettings, ShopSettings } from '~/shared/schemas/settings';
import { DEMO_ACCOUNTS } from '../ops/seed/demo-accounts';
import type { ServerRendererModule } from './plugins/page-renderer';
import { signInAdmin, signInDemo, totpCode } from '../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../test/catalogue-fixture';
import { dropKeys, testRedis, type TestRedis } from '../test/redis';
import { cookieFrom, createTestApp, createTestAppBeside, json, registerCustomer, uniqueEmail, type TestApp } from '../test/test-app';
import { until } from '../test/until';

/**
 * Two app processes over one database (issue 15, point 2; decision 32), as behind a load balancer:
 * two `buildApp`s with their own services, caches and change bus, sharing the database, the auth
 * secret and — in the first run — Redis. A write on one must show on the other within a second,
 * through Redis pub/sub with Redis and through PostgreSQL's LISTEN/NOTIFY without it. Answers and
 * pages are cached for a minute, so only the broadcast can make them show sooner.
 */

const WITHIN_MS = 1_000;
let webDir: string;
let pageRenderer: ServerRendererModule;
let redis: TestRedis;
const figures: Record<string, number> = {};

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'processes-web-'));
  await copyFile(path.resolve('src/web/index.html'), path.join(webDir, 'index.html'));
  pageRenderer = await import('~/web/entry-server');
  redis = await testRedis();
});

afterAll(async () => {
  console.info(`Two processes, change seen on the other (ms): ${JSON.stringify(figures)}`);
  await rm(webDir, { recursive: true, force: true });
  await redis.stop();
});

const page = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { host: new URL(t.config.PUBLIC_URL).host } });

/** The price of a product page's own JSON-LD offer, in rupees. */
function offerPrice(html: string): string {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return (JSON.parse(match![1]!) as { offers: { price: string } }).offers.price;
}

describe.each([
  { mode: 'with Redis (pub/sub)', withRedis: true },
  { mode: 'without Redis (LISTEN/NOTIFY)', withRedis: false },
])('two app processes $mode', ({ mode, withRedis }) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp(
      { WEB_DIST_DIR: webDir, CATALOGUE_CACHE_SECONDS: 60, LOGIN_MAX_FAILURES: 3, REDIS_URL: withRedis ? redis.url.toString() : undefined },
      { pageRenderer },
    );
    await seedDemoCatalogueForTests(a.services);
    b = await createTestAppBeside(a, {}, { pageRenderer });
    expect(b.services.cacheKind).toBe(withRedis ? 'redis' : 'memory');
  }, 120_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (withRedis) await dropKeys(redis, a.config.REDIS_PREFIX);
  });

  it('a price a vendor changes through one process shows in the other’s cached answer and product page within a second', async () => {
    const vendor = await signInDemo(a, DEMO_ACCOUNTS.khargharVendor);
    const { rows } = await a.services.database.db.execute<{ id: string; price_paise: number }>(sql`
      select p.id, p.price_paise from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
       where u.email = ${DEMO_ACCOUNTS.khargharVendor.email} and p.status = 'active' order by p.price_paise desc limit 1`);
    const product = rows[0]!;
    const answer = () => json(b.app, 'GET', `/api/catalogue/products/${product.id}`);

    // The other process has the answer and the page cached.
    await answer();
    await page(b, `/product/${product.id}`);
    const cachedAnswer = await answer();
    const cachedPage = await page(b, `/product/${product.id}`);
    expect(cachedAnswer.headers['x-cache']).toBe('hit');
    expect(cachedPage.headers['x-cache']).toBe('hit');
    expect((cachedAnswer.json() as { product: ProductDetail }).product.pricePaise).toBe(product.price_paise);

    const newPrice = product.price_paise - 1_111_00;
    const patched = await json(a.app, 'PATCH', `/api/vendor/products/${product.id}`, { price: newPrice / 100 }, vendor);
    expect(patched.statusCode, patched.body).toBe(200);

    figures[`${mode}: answer`] = Math.round(
      await until(
        async () => ((await answer()).json() as { product: ProductDetail }).product.pricePaise === newPrice,
        WITHIN_MS,
        'the new price on the other process',
      ),
    );
    figures[`${mode}: page`] = Math.round(
      await until(
        async () => offerPrice((await page(b, `/product/${product.id}`)).body) === (newPrice / 100).toFixed(2),
        WITHIN_MS,
        'the new price on the other process’s page',
      ),
    );
    expect((await page(b, `/product/${product.id}`)).body).toContain(formatPaise(newPrice));
  });

  it('settings an admin saves through one process are applied by the other within a second', async () => {
    const admin = (await signInAdmin(a)).cookie;
    const read = await json(a.app, 'GET', '/api/admin/settings', undefined, admin);
    const { settings, version } = read.json() as { settings: ShopSettings; version: number };
    const publicOnB = async () => (await json(b.app, 'GET', '/api/settings')).json() as PublicSettings;
    // The other process has just read them: it would keep them for two more seconds without the broadcast.
    expect((await publicOnB()).returnWindowDays).toBe(settings.returnWindowDays);

    const next = structuredClone(settings);
    next.returnWindowDays = settings.returnWindowDays + 3;
    next.shipping.standardPaise = settings.shipping.standardPaise + 50_00;
    const saved = await json(a.app, 'PUT', '/api/admin/settings', { settings: next, version }, admin);
    expect(saved.statusCode, saved.body).toBe(200);

    figures[`${mode}: settings`] = Math.round(
      await until(
        async () => (await publicOnB()).returnWindowDays === next.returnWindowDays,
        WITHIN_MS,
        'the new settings on the other process',
      ),
    );
    expect((await publicOnB()).shipping.standardPaise).toBe(next.shipping.standardPaise);
  });

  it('a session made on one process is valid on the other, and signing out on one ends it on both', async () => {
    const cookie = await registerCustomer(a.app, 'Kavya Joshi');
    const sessionOn = async (t: TestApp) => (await json(t.app, 'GET', '/api/auth/session', undefined, cookie)).json().user;
    expect(await sessionOn(b)).toMatchObject({ name: 'Kavya Joshi' });
    expect((await json(b.app, 'GET', '/api/account', undefined, cookie)).statusCode).toBe(200);

    expect((await json(a.app, 'POST', '/api/auth/logout', undefined, cookie)).statusCode).toBeLessThan(300);
    expect(await sessionOn(b)).toBeNull();
    expect((await json(b.app, 'GET', '/api/account', undefined, cookie)).statusCode).toBe(401);
  });

  it('an authenticator code used on one process is refused on the other', async () => {
    const { email, key } = await signInAdmin(a);
    const password = 'Kothrud-Laptop-42';
    const signIn = async (t: TestApp) => {
      const res = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'admin' });
      expect(res.json()).toMatchObject({ twoFactorRequired: true });
      return cookieFrom(res);
    };
    // The code that turned two-step sign-in on is used up; the next one works once, on either process.
    const code = totpCode(key, 1);
    const first = await json(a.app, 'POST', '/api/auth/two-factor', { code }, await signIn(a));
    expect(first.statusCode, first.body).toBe(200);
    const replay = await json(b.app, 'POST', '/api/auth/two-factor', { code }, await signIn(b));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toMatch(/used already/i);
  });

  if (withRedis) {
    it('counts sign-in failures across both processes', async () => {
      const email = uniqueEmail('target');
      const wrong = (t: TestApp) => json(t.app, 'POST', '/api/auth/login', { email, password: 'not-the-password-1', portal: 'customer' });
      expect((await wrong(a)).statusCode).toBe(401);
      expect((await wrong(b)).statusCode).toBe(401);
      expect((await wrong(a)).statusCode).toBe(401);
      // The limit is 3 per e-mail: the fourth attempt is refused whichever process it reaches.
      const refused = await wrong(b);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await wrong(a)).statusCode).toBe(429);
    });
  }
});

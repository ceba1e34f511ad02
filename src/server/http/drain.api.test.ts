import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoCatalogueForTests } from '../test/catalogue-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { drain } from './drain';

// Stopping without dropping requests (issue 15): a request in flight when SIGTERM arrives finishes,
// new ones are turned away, readiness says "stopping", and nothing waits longer than the limit.
// The request is held in flight by PostgreSQL itself: a test transaction locks the products table.
describe('liveness, readiness and draining', () => {
  let t: TestApp;
  let base: string;
  let productId: string;
  let locker: pg.Client;

  beforeEach(async () => {
    t = await createTestApp();
    await seedDemoCatalogueForTests(t.services);
    const { rows } = await t.services.database.pool.query<{ id: string }>(`select id from products where status = 'active' limit 1`);
    productId = rows[0]!.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    locker = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await locker.connect();
  });

  afterEach(async () => {
    await locker.query('rollback').catch(() => undefined);
    await locker.end();
    await t.close();
  });

  /** Holds every read of the products table until `release` (the test's own transaction). */
  async function holdProducts() {
    await locker.query('begin');
    await locker.query('lock table products in access exclusive mode');
    return () => locker.query('commit');
  }

  /** Until the app's request has reached PostgreSQL and waits on the test's lock. */
  async function untilWaitingOnTheLock() {
    await expect
      .poll(async () => {
        const { rows } = await locker.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        return rows[0]!.n;
      })
      .toBeGreaterThan(0);
  }

  it('answers liveness without the database and readiness with it', async () => {
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'alive' });
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', reason: null });
  });

  it('lets a request in flight finish, says "stopping" on readiness and refuses new connections meanwhile', async () => {
    const release = await holdProducts();
    const inFlight = fetch(`${base}/api/catalogue/products/${productId}`);
    await untilWaitingOnTheLock();

    const draining = drain(t.app, 10_000);
    expect(t.app.lifecycle.draining).toBe(true);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready', reason: 'stopping' });
    await expect(fetch(`${base}/api/health/live`, { headers: { connection: 'close' } })).rejects.toThrow();

    await release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { product: { id: string } }).product.id).toBe(productId);
    const outcome = await draining;
    expect(outcome.drained).toBe(true);
    expect(outcome.ms).toBeLessThan(10_000);
  });

  it('cuts off what is still open when the time is up', async () => {
    const release = await holdProducts();
    const inFlight = fetch(`${base}/api/catalogue/products/${productId}`).then(
      (res) => res.status,
      () => 'cut off',
    );
    await untilWaitingOnTheLock();
    const outcome = await drain(t.app, 300);
    expect(outcome.drained).toBe(false);
    expect(outcome.ms).toBeLessThan(2_000);
    expect(await inFlight).toBe('cut off');
    await release();
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, SHOP_BUSY_MESSAGE } from '~/shared/unavailable';
import { DatabaseBusyError, watchAvailability, type DatabaseAvailability } from '../db/availability';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { registerErrorHandler } from './error-handler';

/**
 * Which failures the error handler answers with 503 (decision 24), watching the test run's real
 * PostgreSQL through a proxy this file stops and starts.
 */

let proxy: TcpProxy;
let availability: DatabaseAvailability;
/** Each probe's answer in time: when its statement was sent (performance.now()). */
const answers: number[] = [];
let app: FastifyInstance;
/** Lets the slow route fail when the test says so. */
let fail: () => void = () => undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5_000; waited += 25) {
    if (check()) return;
    await sleep(25);
  }
  throw new Error(`${what} did not happen`);
}

/** As better-auth does when its session lookup fails: its own error, the database's cause dropped. */
const libraryError = () => Object.assign(new Error('Failed to get session'), { statusCode: 500 });

beforeAll(async () => {
  const server = new URL(inject('serverUrl'));
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const proxied = new URL(server);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  availability = watchAvailability({
    connection: { connectionString: proxied.toString() },
    intervalMs: 50,
    timeoutMs: 500,
    onAnswer: (_, sentAt) => answers.push(sentAt),
  });
  app = Fastify({ logger: false });
  registerErrorHandler(app, { availability });
  app.get('/slow-lookup', () => new Promise((_, reject) => (fail = () => reject(libraryError()))));
  app.get('/lookup', async () => {
    throw libraryError();
  });
  app.get('/refused', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/busy', async () => {
    // As Drizzle wraps what the pool threw.
    throw new Error('Failed query: select 1', { cause: new DatabaseBusyError(10_000) });
  });
  app.get('/cancelled', async () => {
    throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
  });
  await app.ready();
  await until(() => availability.up, 'the first probe');
});

afterAll(async () => {
  await app?.close();
  await availability?.stop();
  await proxy?.stop();
});

describe('the error handler during a database outage (decision 24)', () => {
  it('answers an unexplained failure 500 while the database answers', async () => {
    const res = await app.inject('/lookup');
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
  });

  it.each(['/refused', '/cancelled'])('answers the driver’s and PostgreSQL’s outage errors (%s) with 503 and Retry-After', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({ code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, retryAfterSeconds: 5 });
  });

  it('answers a pool with no connection free in time 503 saying the shop is busy, not that the database is away', async () => {
    const res = await app.inject('/busy');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json().error).toMatchObject({ code: 'UNAVAILABLE', message: SHOP_BUSY_MESSAGE, retryAfterSeconds: 2 });
  });

  it('judges a library’s own error by a probe that starts after the failure, not one already under way', async () => {
    // A probe under way whose statement is held back (it could have been answered just before an outage).
    proxy.freeze();
    const underWay = availability.probe();
    await sleep(20);
    const failedAt = performance.now();
    const fresh = availability.probe(failedAt);
    const joined = availability.probe();
    await sleep(20);
    proxy.thaw();
    expect(await underWay).toBe(true);
    expect(await joined).toBe(true);
    expect(await fresh).toBe(true);
    // The fresh verdict came from a statement sent after the failure.
    expect(answers.some((sentAt) => sentAt >= failedAt)).toBe(true);
    expect(answers.filter((sentAt) => sentAt < failedAt).length).toBeGreaterThan(0);
  });

  it('answers 503 for a library’s own error when the database went away during the request, even if it is back by now', async () => {
    const answer = app.inject('/slow-lookup');
    await sleep(50);
    await proxy.stop();
    await until(() => !availability.up, 'the watch seeing the database away');
    await proxy.start();
    await until(() => availability.up, 'the watch seeing it back');
    fail();
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    // A request that began after the outage is judged on its own again.
    expect((await app.inject('/lookup')).statusCode).toBe(500);
  });

  it('answers 503 for a library’s own error while the database is away', async () => {
    await proxy.stop();
    await until(() => !availability.up, 'the watch seeing the database away');
    const res = await app.inject('/lookup');
    expect(res.statusCode).toBe(503);
    await proxy.start();
    await until(() => availability.up, 'the watch seeing it back');
  });
});

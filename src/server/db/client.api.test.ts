import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { isDatabaseBusy, isDatabaseUnavailable } from './availability';
import { connectDatabase, type DatabaseHandle } from './client';

/**
 * The pool over the test run's real PostgreSQL, reached through a proxy this file breaks
 * (decision 24): connections lost in the middle of a transaction must come back to the pool.
 */

let proxy: TcpProxy;
let database: DatabaseHandle;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const within = <T>(ms: number, work: Promise<T>, what: string) =>
  Promise.race([work, sleep(ms).then(() => Promise.reject(new Error(`${what} took longer than ${ms} ms`)))]);

beforeAll(async () => {
  const server = new URL(inject('serverUrl'));
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const proxied = new URL(server);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  database = connectDatabase(proxied.toString(), 2, { connectTimeoutMs: 1_000, statementTimeoutMs: 5_000 });
});

afterAll(async () => {
  await proxy?.stop();
});

describe('the connection pool when connections break (decision 24)', () => {
  it('gets back connections lost while a transaction began, and serves again once the database does', async () => {
    const transaction = () => database.db.transaction((tx) => tx.execute(sql`select 1 as one`));
    // Both connections of the pool open, and idle.
    await Promise.all([transaction(), transaction()]);
    expect(database.pool.totalCount).toBe(2);

    // Two transactions send BEGIN, then their connections break before the answer comes.
    proxy.freeze();
    const broken = [transaction(), transaction()].map((p) =>
      p.then(
        () => null,
        (error: unknown) => error,
      ),
    );
    await sleep(100);
    await proxy.stop();
    const errors = await within(5_000, Promise.all(broken), 'the broken transactions');
    expect(errors.every((error) => isDatabaseUnavailable(error))).toBe(true);

    await proxy.start();
    // Both connections can be had again: nothing stayed lent to a transaction that ended.
    const again = await within(5_000, Promise.all([transaction(), transaction()]), 'two transactions after the return');
    expect(again.map((r) => r.rows[0])).toEqual([{ one: 1 }, { one: 1 }]);
    await within(5_000, database.close(), 'closing the pool');
  });
});

describe('waiting for a busy pool (decision 39)', () => {
  it('serves a caller who waits for a free connection longer than connecting may take, and refuses one who waits longer than the pool allows', async () => {
    const server = inject('serverUrl');
    const busy = connectDatabase(server, 1, { connectTimeoutMs: 200, poolWaitMs: 1_500, statementTimeoutMs: 5_000 });
    try {
      const pid = async () => (await busy.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
      const first = await pid();
      // The only connection is held for 0.6 s, three times the time allowed to connect.
      const held = busy.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.6)`);
      });
      await sleep(50);
      const waited = performance.now();
      expect(await pid()).toBe(first);
      expect(performance.now() - waited).toBeGreaterThan(400);
      await held;

      // Held for 2.5 s: the caller gives up after 1.5 s, told the shop is busy (not that the database is away).
      const long = busy.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(2.5)`);
      });
      await sleep(50);
      const started = performance.now();
      const error = await pid().then(
        () => null,
        (e: unknown) => e,
      );
      expect(performance.now() - started).toBeGreaterThan(1_300);
      expect(isDatabaseBusy(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(true);
      await long;
      // The connection that came free after the caller gave up went back to the pool, open.
      expect(await pid()).toBe(first);
      expect(busy.pool.totalCount).toBe(1);
    } finally {
      await busy.close();
    }
  });
});

describe('opening a connection to a frozen server (decision 24)', () => {
  it('gives up after the connect time limit and says the database is away', async () => {
    const proxied = new URL(inject('serverUrl'));
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const frozen = connectDatabase(proxied.toString(), 1, { connectTimeoutMs: 300, poolWaitMs: 10_000, statementTimeoutMs: 5_000 });
    proxy.freeze();
    try {
      const started = performance.now();
      const error = await within(
        5_000,
        frozen.db.execute(sql`select 1`).then(
          () => null,
          (e: unknown) => e,
        ),
        'the first query',
      );
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isDatabaseBusy(error)).toBe(false);
    } finally {
      proxy.thaw();
      await frozen.close();
    }
  });
});

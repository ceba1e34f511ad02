import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { isDatabaseUnavailable } from './availability';
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

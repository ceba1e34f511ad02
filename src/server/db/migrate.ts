import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import { projectRoot } from '../lib/project-root';

export const MIGRATIONS_DIR = path.join(projectRoot(), 'src/server/db/migrations');

const MIGRATION_LOCK_KEY = 7_202_011;
const silentLogger = new Logger(() => () => undefined);

/**
 * Applies the committed SQL migrations this database has not seen yet, then the job queue's own
 * (graphile-worker's schema, decision 33); instances take turns (an advisory lock). They run on a
 * connection of their own without the pool's statement time limit (decision 24): building an index on
 * a large table may take longer than any request should.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const { max: _max, connectionTimeoutMillis, ...options } = pool.options as pg.PoolConfig;
  const client = new pg.Client({
    ...options,
    statement_timeout: 0,
    query_timeout: 0,
    connectionTimeoutMillis: Math.max(connectionTimeoutMillis ?? 0, 10_000),
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
    const queuePool = new pg.Pool({ ...options, max: 1, statement_timeout: 0, query_timeout: 0 });
    queuePool.on('error', () => undefined);
    queuePool.on('connect', (connection) => connection.on('error', () => undefined));
    try {
      await runJobQueueMigrations({ pgPool: queuePool, logger: silentLogger });
    } finally {
      await queuePool.end();
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

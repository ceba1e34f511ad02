import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import { projectRoot } from '../lib/project-root';

export const MIGRATIONS_DIR = path.join(projectRoot(), 'src/server/db/migrations');

const MIGRATION_LOCK_KEY = 7_202_011;
const silentLogger = new Logger(() => () => undefined);

/** One migration of drizzle-kit's journal: `when` is what drizzle records as `created_at` once applied. */
export interface MigrationEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The committed migrations, oldest first. */
export function migrationJournal(dir = MIGRATIONS_DIR): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: MigrationEntry[] };
  return journal.entries.map(({ idx, when, tag }) => ({ idx, when, tag }));
}

/**
 * The committed migrations this database has not applied yet (drizzle applies those newer than the
 * last it recorded): a process started with MIGRATE_ON_START=false refuses to serve an older schema.
 */
export async function pendingMigrations(pool: pg.Pool): Promise<MigrationEntry[]> {
  const { rows: table } = await pool.query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!table[0]?.found) return migrationJournal();
  const { rows } = await pool.query<{ last: string | null }>('select max(created_at)::text as last from drizzle.__drizzle_migrations');
  const last = Number(rows[0]?.last ?? 0);
  return migrationJournal().filter((entry) => entry.when > last);
}

/**
 * A migrations folder holding the journal's migrations up to `tag` only: what drizzle's migrator
 * applies to bring a database to that level and no further (a restore, decision 30).
 */
async function folderUpTo(tag: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: MigrationEntry[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`This version of the shop has no migration ${tag}.`);
  const entries = journal.entries.slice(0, last + 1);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-migrations-'));
  await mkdir(path.join(dir, 'meta'));
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  await Promise.all(entries.map((e) => copyFile(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`))));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Applies the committed SQL migrations this database has not seen yet (with `upTo`, only those up to
 * that tag), then the job queue's own (graphile-worker's schema, decision 33); instances take turns (an
 * advisory lock). They run on a connection of their own without
 * the pool's statement time limit (decision 24): building an index on a large table may take longer
 * than any request should.
 */
export async function runMigrations(pool: pg.Pool, options: { upTo?: string } = {}): Promise<void> {
  const { max: _max, connectionTimeoutMillis, ...connection } = pool.options as pg.PoolConfig;
  const client = new pg.Client({
    ...connection,
    statement_timeout: 0,
    query_timeout: 0,
    connectionTimeoutMillis: Math.max(connectionTimeoutMillis ?? 0, 10_000),
  });
  client.on('error', () => undefined);
  const folder = options.upTo ? await folderUpTo(options.upTo) : undefined;
  try {
    await client.connect();
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: folder?.dir ?? MIGRATIONS_DIR });
    const queuePool = new pg.Pool({ ...connection, max: 1, statement_timeout: 0, query_timeout: 0 });
    queuePool.on('error', () => undefined);
    queuePool.on('connect', (queueClient) => queueClient.on('error', () => undefined));
    try {
      await runJobQueueMigrations({ pgPool: queuePool, logger: silentLogger });
    } finally {
      await queuePool.end();
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
    await folder?.remove();
  }
}

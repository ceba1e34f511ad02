import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { migrationJournal, MIGRATIONS_DIR } from '../../db/migrate';

/**
 * What a backup reads from PostgreSQL's own catalogue, for any schema (decision 30): the app's
 * tables, the job queue's, whatever a later migration adds. Nothing here names a table of the shop.
 */

/**
 * Tables of a migrator's own bookkeeping: made again by running the migrations, never copied (the
 * manifest records the migration level instead): drizzle's, and the job queue's (graphile-worker's
 * schema is installed by the same `runMigrations`, decision 33).
 */
export const BOOKKEEPING_TABLES = ['drizzle.__drizzle_migrations', 'graphile_worker.migrations'];

export interface TableInfo {
  schema: string;
  name: string;
  /** Stored columns in order (generated columns are computed again on load). */
  columns: string[];
}

export interface SequenceInfo {
  schema: string;
  name: string;
}

/**
 * Relations `c` (joined with their schema `n`) of the database's users: not in PostgreSQL's own
 * schemas, not temporary, not an extension's (pg_trgm's …).
 */
const USER_RELATION = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp_)'
   and c.relpersistence <> 't'
   and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`;

/** Every ordinary table outside PostgreSQL's own schemas, bookkeeping aside (partitions are tables too; their parents hold no rows). */
export async function userTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<TableInfo>(
    `select n.nspname as schema, c.relname as name,
            coalesce(array_agg(a.attname::text order by a.attnum)
                       filter (where a.attnum > 0 and not a.attisdropped and a.attgenerated = ''), '{}') as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where c.relkind = 'r' and ${USER_RELATION} and n.nspname || '.' || c.relname <> all($1::text[])
      group by n.nspname, c.relname
      order by 1, 2`,
    [BOOKKEEPING_TABLES],
  );
  return rows;
}

export async function userSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<SequenceInfo>(
    `select n.nspname as schema, c.relname as name
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and ${USER_RELATION}
        and not exists (
          select from pg_depend d
            join pg_class t on t.oid = d.refobjid
            join pg_namespace tn on tn.oid = t.relnamespace
           where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')
             and tn.nspname || '.' || t.relname = any($1::text[]))
      order by 1, 2`,
    [BOOKKEEPING_TABLES],
  );
  return rows;
}

export const qualified = (client: pg.ClientBase, t: { schema: string; name: string }) =>
  `${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.name)}`;

export interface MigrationLevel {
  /** How many migrations the database has applied. */
  count: number;
  /** The newest one's tag in the journal (`0018_back-in-stock-alerts`). */
  tag: string;
}

/**
 * The migrations a database has applied, named by this version's journal. Throws when the database
 * is not the shop's, or was migrated by a newer version (whose migrations this one cannot apply).
 */
export async function migrationLevel(client: pg.ClientBase): Promise<MigrationLevel> {
  const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists.rows[0]?.ok) throw new Error('This database holds no shop: it has no migrations table (drizzle.__drizzle_migrations).');
  const { rows } = await client.query<{ count: number; newest: string | null }>(
    'select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations',
  );
  const { count, newest } = rows[0]!;
  if (count === 0 || newest === null) throw new Error('This database holds no shop: no migration was ever applied to it.');
  const entry = migrationJournal().find((e) => String(e.when) === newest);
  if (!entry) {
    throw new Error(
      'This database was migrated by a newer version of the shop than this one (its newest migration is unknown here). ' +
        'Run this command with that version.',
    );
  }
  return { count, tag: entry.tag };
}

/**
 * Tables the migrations themselves put rows in (default commission rates …): a database whose only
 * rows are these is a freshly migrated, unused shop, which a restore may replace.
 */
export function tablesFilledByMigrations(): Set<string> {
  const names = new Set<string>();
  for (const { tag } of migrationJournal()) {
    const sql = readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
    for (const [, schema, table] of sql.matchAll(/\binsert\s+into\s+(?:"?(\w+)"?\.)?"?(\w+)"?/gi))
      names.add(`${schema ?? 'public'}.${table}`);
  }
  return names;
}

import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { MediaStorage } from '../../modules/media/storage';
import { migrationJournal, runMigrations } from '../../db/migrate';
import { qualified, tablesFilledByMigrations, userTables, type TableInfo } from './catalog';
import { MEDIA_FOLDER, readManifest, type BackupManifest, type BackupTable } from './manifest';
import { measureCopyText } from './copy-text';
import { formatBytes, formatCount } from './progress';

/** A restore that was refused before anything was written (a target in use, a damaged backup …). */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreOptions {
  /** The backup folder. */
  folder: string;
  /** The target database. */
  url: string;
  /** Where the pictures go. */
  storage: MediaStorage;
  /** Replace what a non-empty database holds (its tables are dropped). */
  force?: boolean;
  /** Leave out the backup's tables that the migrations do not make (their rows are not restored). */
  skipMissing?: boolean;
  log: (line: string) => void;
}

const name = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/**
 * What stops a restore into this database: tables holding rows other than those the migrations
 * put there. Returns the tables that would have to be dropped (empty when there are none).
 */
async function inspectTarget(client: pg.Client, force: boolean): Promise<TableInfo[]> {
  const existing = await userTables(client);
  const seeded = tablesFilledByMigrations();
  const used: string[] = [];
  for (const table of existing) {
    if (seeded.has(name(table))) continue;
    const { rows } = await client.query(`select exists (select from ${qualified(client, table)}) as used`);
    if (rows[0]?.used) used.push(name(table));
  }
  if (used.length > 0 && !force) {
    const shown = used.slice(0, 5).join(', ') + (used.length > 5 ? ` and ${used.length - 5} more` : '');
    throw new RestoreRefusedError(
      `The target database is not empty: ${used.length} tables hold rows (${shown}). ` +
        'Restore into an empty database, or add --force to replace everything in it.',
    );
  }
  return existing;
}

/** Drops the schemas a restore makes again, so the migrations start from nothing. */
async function clearSchemas(client: pg.Client, schemas: Iterable<string>) {
  for (const schema of new Set(schemas)) await client.query(`drop schema if exists ${client.escapeIdentifier(schema)} cascade`);
  await client.query('create schema if not exists public');
}

/**
 * The backup's tables to load: each must be in the target with all its columns. A table the
 * migrations do not make (a schema with an installer of its own) stops the restore, or is left out
 * with `skipMissing`.
 */
function tablesToLoad(backup: BackupTable[], target: TableInfo[], skipMissing: boolean, log: (line: string) => void): BackupTable[] {
  const byName = new Map(target.map((t) => [name(t), t]));
  const absent = backup.filter((t) => !byName.has(name(t)));
  const problems = [
    ...(skipMissing ? [] : absent.map((t) => `${name(t)} (${formatCount(t.rows)} rows): no such table`)),
    ...backup.flatMap((t) => {
      const missing = t.columns.filter((c) => byName.has(name(t)) && !byName.get(name(t))!.columns.includes(c));
      return missing.length ? [`${name(t)}: no column ${missing.join(', ')}`] : [];
    }),
  ];
  if (problems.length) {
    throw new RestoreRefusedError(
      `The shop's migrations do not make what the backup holds:\n  ${problems.join('\n  ')}\n` +
        'A schema that is not made by the migrations must be installed before its rows can be restored (decision 30); ' +
        'add --skip-missing to restore the rest without them.',
    );
  }
  for (const t of absent) log(`  left out: ${name(t)} (${formatCount(t.rows)} rows), which this shop's migrations do not make`);
  return backup.filter((t) => byName.has(name(t)));
}

async function loadTable(client: pg.Client, folder: string, table: BackupTable): Promise<number> {
  const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(', ');
  const counter = measureCopyText();
  const sink = client.query(copyFrom(`COPY ${qualified(client, table)} (${columns}) FROM STDIN`));
  await pipeline(createReadStream(path.join(folder, table.file)), createGunzip(), counter.stream, sink);
  if (counter.digest() !== table.sha256 || counter.totals.rows !== table.rows) {
    throw new RestoreRefusedError(
      `The backup's file ${table.file} (${name(table)}) is damaged: it does not hold what the manifest says. Nothing was restored.`,
    );
  }
  return sink.rowCount;
}

async function* mediaFiles(root: string): AsyncGenerator<{ key: string; file: string }> {
  if (!existsSync(root)) return;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    yield { key: path.relative(root, file).split(path.sep).join('/'), file };
  }
}

/**
 * Brings a backup back into a database (decision 30): refuses a database holding rows unless forced;
 * makes the schema again with the migrations up to the backup's level (`npm start` applies newer
 * ones afterwards); loads every table in ONE transaction with triggers and foreign-key checks off
 * (the rows come from one consistent snapshot), checking each file against the manifest's hash;
 * sets the sequences; then puts the pictures into the media storage.
 */
export async function restoreBackup(options: RestoreOptions): Promise<{ manifest: BackupManifest; rows: number; seconds: number }> {
  const { log } = options;
  const started = Date.now();
  const folder = path.resolve(options.folder);
  const manifest = await readManifest(folder);
  if (!migrationJournal().some((e) => e.tag === manifest.migrations.tag)) {
    throw new RestoreRefusedError(
      `The backup was made at migration ${manifest.migrations.tag}, which this version of the shop does not have: ` +
        `restore it with version ${manifest.shopVersion} of the shop or newer.`,
    );
  }
  const absent = manifest.tables.filter((t) => !existsSync(path.join(folder, t.file)));
  if (absent.length) throw new RestoreRefusedError(`The backup is incomplete: ${absent.map((t) => t.file).join(', ')} missing.`);

  const connect = async () => {
    const client = new pg.Client({ connectionString: options.url, statement_timeout: 0, connectionTimeoutMillis: 10_000 });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  let client = await connect();
  try {
    const existing = await inspectTarget(client, options.force === true);
    const { rows } = await client.query<{ present: boolean }>(`select to_regnamespace('drizzle') is not null as present`);
    if (existing.length > 0 || rows[0]?.present) {
      log('The target database already has tables: they are dropped, and made again at the backup’s migration level.');
      // The shop's schemas and the backup's; another application's schema in the same database stays.
      await clearSchemas(client, ['drizzle', 'public', ...manifest.tables.map((t) => t.schema)]);
    }
  } finally {
    await client.end().catch(() => undefined);
  }

  log(`Making the schema up to migration ${manifest.migrations.tag}`);
  const pool = new pg.Pool({ connectionString: options.url });
  try {
    await runMigrations(pool, { upTo: manifest.migrations.tag });
  } finally {
    await pool.end();
  }

  client = await connect();
  let total = 0;
  try {
    const tables = tablesToLoad(manifest.tables, await userTables(client), options.skipMissing === true, log);
    await client.query('begin');
    try {
      // Triggers (the catalogue's, the foreign keys' checks) stay off while the snapshot's rows go back in.
      await client.query('set local session_replication_role = replica');
    } catch (error) {
      throw new RestoreRefusedError(
        `The target database's user may not load rows with triggers off (${(error as Error).message}). ` +
          'Restore as the database owner with superuser rights (postgres), or as a managed database’s admin role.',
      );
    }
    if (tables.length) await client.query(`truncate ${tables.map((t) => qualified(client, t)).join(', ')}`);
    log(`Loading ${tables.length} tables from the snapshot of ${manifest.createdAt}`);
    for (const table of tables) {
      const t0 = Date.now();
      const loaded = await loadTable(client, folder, table);
      total += loaded;
      log(
        `  ${name(table).padEnd(44)} ${formatCount(loaded).padStart(9)} rows  ${formatBytes(table.bytes).padStart(9)}  ${Date.now() - t0} ms`,
      );
    }
    for (const sequence of manifest.sequences) {
      // A sequence of a table left out is not there either.
      const { rows } = await client.query('select to_regclass($1) is not null as present', [qualified(client, sequence)]);
      if (!rows[0]?.present) continue;
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        qualified(client, sequence),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('commit');
    await client.query('analyze');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }

  let files = 0;
  let bytes = 0;
  for await (const { key, file } of mediaFiles(path.join(folder, MEDIA_FOLDER))) {
    const body = await readFile(file);
    await options.storage.put(key, body);
    files += 1;
    bytes += body.length;
  }
  log(
    `  pictures (${options.storage.driver} storage)${' '.repeat(20)} ${formatCount(files).padStart(9)} files ${formatBytes(bytes).padStart(9)}`,
  );
  return { manifest, rows: total, seconds: (Date.now() - started) / 1000 };
}

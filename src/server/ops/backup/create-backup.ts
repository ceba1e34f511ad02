import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { allStorageKeys as productPictureKeys } from '../../modules/media/media.repo';
import { allStorageKeys as returnPhotoKeys } from '../../modules/returns/return-photos.repo';
import type { MediaStorage } from '../../modules/media/storage';
import { migrationLevel, qualified, userSequences, userTables, type TableInfo } from './catalog';
import { AUTH_SECRET_FILE, BACKUP_FORMAT, MANIFEST_FILE, MEDIA_FOLDER, type BackupManifest, type BackupTable } from './manifest';
import { measureCopyText } from './copy-text';
import { formatBytes, formatCount } from './progress';

export interface BackupOptions {
  /** The shop's database. */
  url: string;
  source: 'embedded' | 'url';
  /** Where to write the backup; must not exist yet. */
  folder: string;
  /** The shop's media storage (its pictures are copied after the database's snapshot). */
  storage: MediaStorage;
  /** The shop's own auth secret (DATA_DIR/auth-secret), or none when AUTH_SECRET comes from the environment. */
  authSecret: string | undefined;
  shopVersion: string;
  log: (line: string) => void;
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
  /** Bytes written (compressed tables, pictures, manifest). */
  bytes: number;
  seconds: number;
}

async function dumpTable(client: pg.Client, table: TableInfo, file: string): Promise<Omit<BackupTable, 'file'> & { written: number }> {
  const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(', ');
  const counter = measureCopyText();
  const out = createWriteStream(file, { mode: 0o600 });
  await pipeline(client.query(copyTo(`COPY ${qualified(client, table)} (${columns}) TO STDOUT`)), counter.stream, createGzip(), out);
  return { ...table, rows: counter.totals.rows, bytes: counter.totals.bytes, sha256: counter.digest(), written: out.bytesWritten };
}

/**
 * Writes a consistent backup of the shop (decision 30): every table of every user schema read in
 * ONE repeatable-read, read-only transaction (one snapshot: an order and its lines, stock and the
 * orders that took it, always agree), with the migration level, then the pictures' masters and the
 * auth secret. The folder appears only when complete (written as `<folder>.partial`, then renamed).
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { log } = options;
  const started = Date.now();
  const folder = path.resolve(options.folder);
  if (existsSync(folder)) throw new Error(`${folder} already exists. Choose a new folder for the backup.`);
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, 'tables'), { recursive: true, mode: 0o700 });
  let written = 0;
  let manifest: BackupManifest;
  try {
    const client = new pg.Client({ connectionString: options.url, statement_timeout: 0, connectionTimeoutMillis: 10_000 });
    client.on('error', () => undefined);
    await client.connect();
    let snapshot: Pick<BackupManifest, 'source' | 'migrations' | 'tables' | 'sequences'>;
    let namedPictures: string[];
    try {
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ version: string; database: string }>(
        `select current_setting('server_version') as version, current_database() as database`,
      );
      const migrations = await migrationLevel(client);
      const tables = await userTables(client);
      log(`Snapshot of ${rows[0]!.database} (PostgreSQL ${rows[0]!.version}) at migration ${migrations.tag}: ${tables.length} tables`);
      const dumped: BackupTable[] = [];
      for (const [index, table] of tables.entries()) {
        const file = `tables/${String(index).padStart(4, '0')}.copy.gz`;
        const t0 = Date.now();
        const { written: size, ...result } = await dumpTable(client, table, path.join(partial, file));
        written += size;
        dumped.push({ ...result, file });
        log(
          `  ${`${table.schema}.${table.name}`.padEnd(44)} ${formatCount(result.rows).padStart(9)} rows  ${formatBytes(size).padStart(9)}  ${Date.now() - t0} ms`,
        );
      }
      const sequences: BackupManifest['sequences'] = [];
      for (const sequence of await userSequences(client)) {
        const value = await client.query<{ lastValue: string; isCalled: boolean }>(
          `select last_value::text as "lastValue", is_called as "isCalled" from ${qualified(client, sequence)}`,
        );
        sequences.push({ ...sequence, ...value.rows[0]! });
      }
      // Product pictures and the photos customers sent with returns: both are masters kept in the media storage.
      namedPictures = [...(await productPictureKeys(drizzle(client))), ...(await returnPhotoKeys(drizzle(client)))];
      await client.query('commit');
      snapshot = {
        source: { kind: options.source, serverVersion: rows[0]!.version, database: rows[0]!.database },
        migrations,
        tables: dumped,
        sequences,
      };
    } finally {
      await client.end().catch(() => undefined);
    }

    // Pictures are written before the row that names them, so every picture the snapshot names was
    // already stored: copying after the snapshot finds them all, unless deleted meanwhile (reported).
    const media = { driver: options.storage.driver, files: 0, bytes: 0, missing: [] as string[] };
    const copied = new Set<string>();
    for await (const key of options.storage.list('')) {
      // Resized copies are made again on request; only masters are worth keeping.
      if (key.startsWith('cache/')) continue;
      const body = await options.storage.get(key);
      if (!body) continue;
      const target = path.join(partial, MEDIA_FOLDER, ...key.split('/'));
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, body, { mode: 0o600 });
      copied.add(key);
      media.files += 1;
      media.bytes += body.length;
    }
    media.missing = namedPictures.filter((key) => !copied.has(key)).sort();
    written += media.bytes;
    log(
      `  pictures (${options.storage.driver} storage)${' '.repeat(20)} ${formatCount(media.files).padStart(9)} files ${formatBytes(media.bytes).padStart(9)}`,
    );
    for (const key of media.missing) log(`  warning: the picture ${key} named by the database was not in the media storage`);

    if (options.authSecret) await writeFile(path.join(partial, AUTH_SECRET_FILE), options.authSecret, { mode: 0o600 });
    manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date(started).toISOString(),
      shopVersion: options.shopVersion,
      ...snapshot,
      media,
      authSecret: options.authSecret ? 'included' : 'environment',
    };
    const text = JSON.stringify(manifest, null, 2);
    await writeFile(path.join(partial, MANIFEST_FILE), text, { mode: 0o600 });
    written += Buffer.byteLength(text);
    await rename(partial, folder);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  return { folder, manifest, bytes: written, seconds: (Date.now() - started) / 1000 };
}

import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config/env';
import { AUTH_SECRET_FILE, readManifest } from '../ops/backup/manifest';
import { formatCount } from '../ops/backup/progress';
import { restoreBackup, RestoreRefusedError } from '../ops/backup/restore-backup';
import { openDatabase } from '../db/open-database';
import { lockHolder } from '../lib/instance-lock';
import { createMediaStorage } from '../modules/media/create-storage';

const USAGE =
  'Usage: DATA_DIR=<new folder> npm run restore -- <backup folder> [--force] [--skip-missing]\n' +
  '       DATABASE_URL=<empty database> npm run restore -- <backup folder> [--force] [--skip-missing]\n' +
  '--force replaces what a non-empty database (or a media folder with files) holds.\n' +
  '--skip-missing restores without the tables this version’s migrations do not make (their rows are lost).';

/** Refuses a data folder that is in use or already holds a database; says whether it is new (nothing to keep on failure). */
async function checkDataFolder(config: Config): Promise<{ fresh: boolean }> {
  const dataDir = path.resolve(config.DATA_DIR);
  const pid = await lockHolder(dataDir);
  if (pid) throw new RestoreRefusedError(`${dataDir} is in use by a running shop (pid ${pid}). Restore into a new DATA_DIR.`);
  if (existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new RestoreRefusedError(
      `${dataDir} already holds a shop database. Restore into a new DATA_DIR (DATA_DIR=/path npm run restore -- …).`,
    );
  }
  const entries = await readdir(dataDir).catch(() => []);
  return { fresh: entries.length === 0 };
}

/**
 * The backup's auth secret goes to DATA_DIR/auth-secret (two-step sign-in keys are encrypted with
 * it), unless AUTH_SECRET is set; a different secret already there is not overwritten without --force.
 */
async function placeAuthSecret(config: Config, backup: string, force: boolean): Promise<() => Promise<void>> {
  const secret = (await readFile(path.join(backup, AUTH_SECRET_FILE), 'utf8').catch(() => '')).trim();
  if (!secret) return async () => undefined;
  if (config.AUTH_SECRET) {
    return async () => {
      if (config.AUTH_SECRET !== secret) {
        console.log(`AUTH_SECRET is set and differs from the backed-up shop's secret (${AUTH_SECRET_FILE} in the backup):`);
        console.log('two-step sign-in keys cannot be read with it. Start the restored shop with that secret as AUTH_SECRET.');
      }
    };
  }
  const file = path.join(config.DATA_DIR, 'auth-secret');
  const current = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (current && current !== secret && !force) {
    throw new RestoreRefusedError(`${file} holds another shop's auth secret. Restore into a new DATA_DIR, or add --force to replace it.`);
  }
  return async () => {
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
  };
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean' }, 'skip-missing': { type: 'boolean' }, help: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 64;
    return;
  }
  const backup = path.resolve(positionals[0]!);
  const force = values.force === true;
  const manifest = await readManifest(backup);
  console.log(
    `Backup of ${manifest.createdAt} (shop ${manifest.shopVersion}, migration ${manifest.migrations.tag}, ` +
      `${manifest.tables.length} tables, ${formatCount(manifest.media.files)} pictures)`,
  );

  const config = loadConfig();
  const { fresh } = config.embeddedDatabase ? await checkDataFolder(config) : { fresh: false };
  const storage = createMediaStorage(config);
  if (storage.driver === 'local' && !force) {
    for await (const key of storage.list('products/')) {
      throw new RestoreRefusedError(
        `${path.resolve(config.MEDIA_DIR)} already holds pictures (${key} …). Restore into a new DATA_DIR, or add --force.`,
      );
    }
  }
  const writeSecret = await placeAuthSecret(config, backup, force);
  console.log(
    config.embeddedDatabase
      ? `Restoring into the new data folder ${path.resolve(config.DATA_DIR)}`
      : 'Restoring into the database of DATABASE_URL',
  );

  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = await openDatabase(config, { log: () => undefined, migrate: false });
    const result = await restoreBackup({
      folder: backup,
      url: database.url,
      storage,
      force,
      skipMissing: values['skip-missing'] === true,
      log: (line) => console.log(line),
    });
    await writeSecret();
    console.log(
      `Restored ${formatCount(result.rows)} rows and ${formatCount(manifest.media.files)} pictures in ${result.seconds.toFixed(1)} s.`,
    );
    if (manifest.authSecret === 'environment') {
      console.log('The backed-up shop took AUTH_SECRET from the environment: start this one with the same AUTH_SECRET.');
    }
    console.log(
      config.embeddedDatabase
        ? `Start the shop on it with: DATA_DIR=${config.DATA_DIR} npm start`
        : 'Start the shop with this DATABASE_URL.',
    );
  } catch (error) {
    await database?.shutdown();
    database = undefined;
    // A new data folder that failed half-way is removed, so the next attempt finds it new again.
    if (fresh) await rm(config.DATA_DIR, { recursive: true, force: true });
    throw error;
  } finally {
    storage.close?.();
    await database?.shutdown();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `restore failed: ${(error as Error).message}`);
  process.exit(error instanceof RestoreRefusedError ? 65 : 1);
});

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { createBackup } from '../ops/backup/create-backup';
import { formatBytes, formatCount } from '../ops/backup/progress';
import { openDatabase } from '../db/open-database';
import { lockHolder } from '../lib/instance-lock';
import { shopVersion } from '../lib/project-root';
import { createMediaStorage } from '../modules/media/create-storage';

const USAGE = 'Usage: npm run backup -- [<new folder>]   (default: backups/shop-<date>-<time>)';

/**
 * `npm run backup`: a consistent copy of the shop's database, pictures and auth secret into a new
 * folder (decision 30), while the shop runs (through the server it started) or while it is stopped
 * (starting its embedded PostgreSQL for the time of the backup), or of DATABASE_URL's database.
 */
async function main() {
  const { values, positionals } = parseArgs({ options: { help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (values.help || positionals.length > 1) {
    console.log(USAGE);
    if (positionals.length > 1) process.exitCode = 64;
    return;
  }
  const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
  const folder = path.resolve(positionals[0] ?? path.join('backups', `shop-${stamp}`));
  if (existsSync(folder)) throw new Error(`${folder} already exists. Name a new folder for the backup.`);

  const config = loadConfig();
  if (config.embeddedDatabase) {
    const running = await lockHolder(config.DATA_DIR);
    if (!running && !existsSync(path.join(config.DATA_DIR, 'postgres', 'PG_VERSION'))) {
      throw new Error(`There is no shop database in ${path.resolve(config.DATA_DIR)} (DATA_DIR): nothing to back up.`);
    }
    console.log(
      running
        ? `Backing up the running shop (pid ${running}) in ${path.resolve(config.DATA_DIR)}`
        : `Backing up the stopped shop in ${path.resolve(config.DATA_DIR)} (its PostgreSQL runs for the time of the backup)`,
    );
  } else console.log('Backing up the database of DATABASE_URL');

  const database = await openDatabase(config, { log: () => undefined, shareRunning: true, migrate: false });
  const storage = createMediaStorage(config);
  try {
    const authSecret = config.AUTH_SECRET
      ? undefined
      : (await readFile(path.join(config.DATA_DIR, 'auth-secret'), 'utf8').catch(() => '')).trim() || undefined;
    const result = await createBackup({
      url: database.url,
      source: config.embeddedDatabase ? 'embedded' : 'url',
      folder,
      storage,
      authSecret,
      shopVersion: shopVersion(),
      log: (line) => console.log(line),
    });
    const rows = result.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backup written to ${result.folder}: ${result.manifest.tables.length} tables, ${formatCount(rows)} rows, ` +
        `${formatCount(result.manifest.media.files)} pictures, ${formatBytes(result.bytes)} in ${result.seconds.toFixed(1)} s.`,
    );
    if (result.manifest.authSecret === 'environment') {
      console.log('AUTH_SECRET comes from the environment and is not in the backup: the restored shop needs the same AUTH_SECRET.');
    }
    if (config.DATA_ENCRYPTION_KEY) {
      console.log(
        'DATA_ENCRYPTION_KEY comes from the environment and is not in the backup: the restored shop needs the same key to read bank accounts.',
      );
    }
    console.log('It holds password hashes and the auth secret: keep it where only the shop’s operators can read it.');
    const relative = path.relative(process.cwd(), result.folder);
    console.log(`Restore it with: DATA_DIR=<new folder> npm run restore -- ${relative.startsWith('..') ? result.folder : relative}`);
  } finally {
    storage.close?.();
    await database.shutdown();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `backup failed: ${(error as Error).message}`);
  process.exit(1);
});

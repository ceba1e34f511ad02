import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config/env';
import { acquireInstanceLock, InstanceLockedError } from '../lib/instance-lock';
import { connectDatabase, databaseLimits, type DatabaseHandle } from './client';
import { ensureDatabase, startEmbeddedPostgres, withDatabase } from './embedded';
import { explainDataFolderError } from './embedded-problems';
import { runMigrations } from './migrate';

export const EMBEDDED_DATABASE_NAME = 'shop';

export interface OpenDatabase extends DatabaseHandle {
  /** Closes the pool, stops the embedded server if we started one, releases the data lock. */
  shutdown(): Promise<void>;
}

function urlFile(config: Config) {
  return path.join(config.DATA_DIR, 'postgres.url');
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR/postgres
 * (holding DATA_DIR's lock so a second start fails fast), then applies migrations.
 *
 * `shareRunning`: when another process (the running shop) holds the lock, connect to its
 * embedded server instead of failing: for one-off commands such as admin:create.
 */
export async function openDatabase(
  config: Config,
  options: {
    log: (line: string) => void;
    shareRunning?: boolean;
    /** Watch the database and answer 503 at once while it is away (the app; decision 24). */
    watch?: { log: (line: string) => void };
    /** Restart the embedded PostgreSQL when it dies (the app; decision 24). */
    supervise?: boolean;
    /** Apply pending migrations (default). Backup and restore leave the schema as they find it (decision 30). */
    migrate?: boolean;
  },
): Promise<OpenDatabase> {
  const { log } = options;
  let url = config.DATABASE_URL;
  let stopServer: () => Promise<void> = async () => undefined;
  let releaseLock: () => Promise<void> = async () => undefined;

  if (!url) {
    try {
      releaseLock = await acquireInstanceLock(config.DATA_DIR);
    } catch (error) {
      // A DATA_DIR this user cannot create or write: say which folder and why (decision 24).
      if (!(error instanceof InstanceLockedError) && (error as NodeJS.ErrnoException).syscall) {
        throw await explainDataFolderError(config.DATA_DIR, error, { name: os.userInfo().username });
      }
      if (!(error instanceof InstanceLockedError) || !options.shareRunning) throw error;
      url = (await readFile(urlFile(config), 'utf8')).trim();
      log(`Using the database of the running shop (pid ${error.pid})`);
    }
    if (!url) {
      try {
        const server = await startEmbeddedPostgres({
          dataDir: path.join(config.DATA_DIR, 'postgres'),
          log: (l) => log(`[postgres] ${l}`),
          supervise: options.supervise,
          superviseLog: options.watch?.log,
        });
        stopServer = server.stop;
        await ensureDatabase(server.url, EMBEDDED_DATABASE_NAME);
        url = withDatabase(server.url, EMBEDDED_DATABASE_NAME);
        await writeFile(urlFile(config), url);
      } catch (error) {
        await stopServer();
        await releaseLock();
        throw error;
      }
    }
  }

  const handle = connectDatabase(url, config.DB_POOL_MAX, {
    ...databaseLimits(config),
    ...(options.watch
      ? { watch: { intervalMs: config.DB_PROBE_INTERVAL_MS, timeoutMs: config.DB_PROBE_TIMEOUT_MS, log: options.watch.log } }
      : {}),
  });
  try {
    if (options.migrate !== false) await runMigrations(handle.pool);
  } catch (error) {
    await handle.close();
    await stopServer();
    await releaseLock();
    throw error;
  }
  return {
    ...handle,
    async shutdown() {
      await handle.close().catch(() => undefined);
      await stopServer();
      await releaseLock();
    },
  };
}

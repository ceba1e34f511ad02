import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config/env';
import { projectRoot } from '../lib/project-root';
import { openDatabase, type OpenDatabase } from './open-database';

const run = promisify(execFile);
const root = projectRoot();

let dataDir: string;
let scriptDir: string;
let config: Config;
let first: OpenDatabase | undefined;

/**
 * Another process opening the same DATA_DIR, as a second `npm start` or `npm run admin:create`
 * would. It prints what happened as one line of JSON.
 */
const SECOND_PROCESS = `
import { loadConfig } from ${JSON.stringify(pathToFileURL(path.join(root, 'src/server/config/env.ts')).href)};
import { openDatabase } from ${JSON.stringify(pathToFileURL(path.join(root, 'src/server/db/open-database.ts')).href)};
const [dataDir, mode] = process.argv.slice(2);
const config = { ...loadConfig(), DATABASE_URL: undefined, embeddedDatabase: true, DATA_DIR: dataDir };
try {
  const db = await openDatabase(config, { log: () => undefined, shareRunning: mode === 'share' });
  const { rows } = await db.pool.query("select value from app_meta where key = 'lifecycle-test'");
  await db.shutdown();
  console.log(JSON.stringify({ ok: true, value: rows[0]?.value ?? null }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, name: error.name, message: error.message }));
  process.exitCode = 1;
}
`;

async function secondProcess(mode: 'fail' | 'share'): Promise<{ ok: boolean; value?: unknown; name?: string; message?: string }> {
  const script = path.join(scriptDir, 'second-open.mts');
  const result = await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, dataDir, mode], {
    cwd: root,
    timeout: 60_000,
  }).catch((error: { stdout: string; stderr: string }) => error);
  const last = result.stdout.trim().split('\n').at(-1);
  if (!last) throw new Error(`The second process printed nothing:\n${result.stderr}`);
  return JSON.parse(last);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-data-'));
  // As root, the embedded server runs as the postgres user, who must be able to enter DATA_DIR.
  await chmod(dataDir, 0o755);
  scriptDir = await mkdtemp(path.join(os.tmpdir(), 'shop-second-'));
  await writeFile(path.join(scriptDir, 'second-open.mts'), SECOND_PROCESS);
  config = { ...loadConfig(), DATABASE_URL: undefined, embeddedDatabase: true, DATA_DIR: dataDir, DB_POOL_MAX: 2 };
});
afterAll(async () => {
  await first?.shutdown();
  await rm(dataDir, { recursive: true, force: true });
  await rm(scriptDir, { recursive: true, force: true });
});

describe('embedded database lifecycle', { timeout: 180_000 }, () => {
  it('starts PostgreSQL in DATA_DIR on first open and applies the migrations', async () => {
    first = await openDatabase(config, { log: () => undefined });
    expect(first.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/shop$/);
    expect((await readFile(path.join(dataDir, 'postgres.url'), 'utf8')).trim()).toBe(first.url);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(true);

    const { rows } = await first.pool.query<{ users: string | null; vendors: string | null }>(
      "select to_regclass('public.users')::text as users, to_regclass('public.vendors')::text as vendors",
    );
    expect(rows[0]).toEqual({ users: 'users', vendors: 'vendors' });
    await first.pool.query(`insert into app_meta (key, value) values ('lifecycle-test', '"kept"')`);
  });

  it('refuses a second start on the same DATA_DIR, naming the directory', async () => {
    const outcome = await secondProcess('fail');
    expect(outcome.ok).toBe(false);
    expect(outcome.name).toBe('InstanceLockedError');
    expect(outcome.message).toContain(`data directory ${path.resolve(dataDir)}`);
    expect(outcome.message).toContain(`pid ${process.pid}`);
    // The running database was not disturbed.
    expect((await first!.pool.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
  });

  it('lets a one-off command share the running database instead', async () => {
    const outcome = await secondProcess('share');
    expect(outcome).toEqual({ ok: true, value: 'kept' });
    // Its shutdown did not stop our server or take our lock.
    expect((await first!.pool.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(true);
  });

  it('after shutdown, the next open finds the data written before', async () => {
    await first!.shutdown();
    first = undefined;
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);

    first = await openDatabase(config, { log: () => undefined });
    const { rows } = await first.pool.query("select value from app_meta where key = 'lifecycle-test'");
    expect(rows).toEqual([{ value: 'kept' }]);
  });

  it('when PostgreSQL cannot use its data folder, says which folder is closed to which user, and why', async () => {
    const closed = await mkdtemp(path.join(os.tmpdir(), 'shop-closed-'));
    // As root the shop runs PostgreSQL as the postgres user, who cannot enter a folder only root may;
    // as anyone else, the shop itself cannot create its data folder in a read-only one.
    const asRoot = process.getuid?.() === 0;
    await chmod(closed, asRoot ? 0o700 : 0o500);
    const dataDirInside = path.join(closed, 'shop-data');
    try {
      const outcome = await openDatabase({ ...config, DATA_DIR: dataDirInside }, { log: () => undefined }).then(
        async (opened) => {
          await opened.shutdown();
          return new Error('it opened');
        },
        (error: Error) => error,
      );
      const message = outcome.message;
      if (asRoot) {
        expect(message).toContain(`could not set up its data folder ${path.join(dataDirInside, 'postgres')}`);
        expect(message).toMatch(/initdb said: .*Permission denied/);
        expect(message).toContain(`the user "postgres" that runs PostgreSQL cannot enter ${closed} (drwx------, owner root`);
      } else {
        expect(message).toContain(`The data folder ${dataDirInside} cannot be used: EACCES`);
        expect(message).toContain(`cannot create folders in ${closed} (dr-x------`);
      }
      expect(message).toContain('DATA_DIR');
      // Nothing is left holding the folder: once it is opened up, the shop starts there.
      await chmod(closed, 0o755);
      const opened = await openDatabase({ ...config, DATA_DIR: dataDirInside }, { log: () => undefined });
      expect((await opened.pool.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
      await opened.shutdown();
    } finally {
      await chmod(closed, 0o755);
      await rm(closed, { recursive: true, force: true });
    }
  });
});

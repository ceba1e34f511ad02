// Debian's PgBouncer in front of a PostgreSQL server, configured from deploy/pgbouncer.ini.template:
// the benchmark's "API processes through PgBouncer" rows (docs/deploy.md, "PgBouncer").
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root, waitUntil } from './topology';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** DATABASE_URL through PgBouncer, to the same database. */
  url: string;
  stop(): Promise<void>;
}

export async function startPgBouncer(options: { databaseUrl: string; port: number; poolSize: number; dir: string }): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER)) throw new Error(`PgBouncer is missing: sudo apt-get install -y pgbouncer`);
  const target = new URL(options.databaseUrl);
  mkdirSync(options.dir, { recursive: true });
  const ini = path.join(options.dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    readFileSync(path.join(root, 'deploy/pgbouncer.ini.template'), 'utf8')
      .replaceAll('{{DB_HOST}}', target.hostname)
      .replaceAll('{{DB_PORT}}', target.port || '5432')
      .replaceAll('{{DB_USER}}', decodeURIComponent(target.username) || 'postgres')
      .replaceAll('{{HOST}}', '127.0.0.1')
      .replaceAll('{{PORT}}', String(options.port))
      .replaceAll('{{POOL_SIZE}}', String(options.poolSize))
      // Logs go to stderr (the benchmark shows them only when PgBouncer fails to start).
      .replace(/^logfile = .*$/m, 'logfile ='),
    { mode: 0o644 },
  );
  // PgBouncer refuses to run as root: it drops to the postgres user when started as root.
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      if (child.exitCode !== null) return resolve(false);
      const socket = net.connect(options.port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
  try {
    await waitUntil(accepts, 10_000, 'PgBouncer');
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}:\n${stderr}`);
  }
  const url = new URL(options.databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(options.port);
  return {
    url: url.toString(),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, withDatabase } from './db/embedded';
import { projectRoot } from './lib/project-root';
import { until } from './test/until';

/**
 * The stop of a running shop (issue 46, point 6): SIGTERM while browsers keep connections open and
 * the terminal or log pipe behind its output has just gone away must end the process within its
 * bound. A write to the dead pipe once set off an endless chain of errors that held the stop for
 * over an hour.
 */
const serverUrl = inject('serverUrl');
const name = `shop_stop_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let dataDir: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(inject('templateDatabase'))}`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-stop-'));
});
afterAll(async () => {
  await admin?.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin?.end();
  await rm(dataDir, { recursive: true, force: true });
});

/** The shop itself (src/server/main.ts, the API and the job worker), its output in pipes this test holds. */
async function startShop(port: number): Promise<{ shop: ChildProcessWithoutNullStreams; output: () => string }> {
  const shop = spawn(process.execPath, [path.join(projectRoot(), 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'], {
    cwd: projectRoot(),
    env: {
      // The child needs PATH and the like; the shop's own settings follow.
      // eslint-disable-next-line no-restricted-properties
      ...process.env,
      DATABASE_URL: withDatabase(serverUrl, name),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_DATA: 'false',
      REDIS_URL: '',
      // Every request is a line on stdout, as with `npm start`.
      LOG_LEVEL: 'info',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let text = '';
  shop.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  shop.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { shop, output: () => text };
}

const get = (port: number, urlPath: string, agent: http.Agent) =>
  new Promise<number>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });

describe('stopping the shop', () => {
  it('ends within its bound on SIGTERM with keep-alive connections open and its output pipe gone', async () => {
    const port = await freePort();
    const { shop, output } = await startShop(port);
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      shop.on('exit', (code) => resolve({ code, at: performance.now() })),
    );
    try {
      await until(() => output().includes('is running at'), 90_000, `the shop's start (its output so far: ${output()})`);
      // A browser's connections: kept alive, idle after their pages.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      const paths = ['/api/health', '/api/catalogue/products', '/api/auth/session', '/api/health/ready'];
      for (let round = 0; round < 2; round++) expect(await Promise.all(paths.map((p) => get(port, p, agent)))).not.toContain(0);
      const kept = Object.values(agent.freeSockets).flat();
      expect(kept.length).toBeGreaterThan(0);
      const closedByShop = Promise.all(kept.map((socket) => new Promise((resolve) => socket!.once('close', resolve))));

      // The terminal goes away (its end of both pipes closed) as the signal arrives.
      shop.stdout.destroy();
      shop.stderr.destroy();
      const signalled = performance.now();
      shop.kill('SIGTERM');

      const { code, at } = await Promise.race([
        exited,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the shop was still running 25 s after SIGTERM')), 25_000)),
      ]);
      expect(code).toBe(0);
      // Nothing was in flight: it did not wait for the 10 s that requests in flight may take.
      expect(at - signalled).toBeLessThan(10_000);
      await closedByShop;
      agent.destroy();
    } finally {
      if (shop.exitCode === null) shop.kill('SIGKILL');
    }
  }, 150_000);
});

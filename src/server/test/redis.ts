import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/env';
import { freePort } from '../db/embedded';

export interface TestRedis {
  url: URL;
  /** Stops the redis-server this file started (nothing when it uses the machine's REDIS_URL). */
  stop(): Promise<void>;
}

/**
 * A Redis for a test file: the machine's (REDIS_URL) when configured, else a redis-server of the
 * file's own on a free loopback port, without persistence. Tests keep apart by key prefix.
 */
export async function testRedis(): Promise<TestRedis> {
  const configured = loadConfig().REDIS_URL;
  if (configured) return { url: new URL(configured), stop: async () => undefined };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-redis-'));
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Ready to accept connections') && resolve());
    child.once('error', (error) =>
      reject(new Error(`Set REDIS_URL or install redis-server (Debian: apt-get install redis-server): ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
  return {
    url: new URL(`redis://127.0.0.1:${port}`),
    async stop() {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Deletes what a test app left under its key prefix (a shared Redis outlives the test file). */
export async function dropKeys(redis: TestRedis, prefix: string): Promise<void> {
  const direct = new Redis(redis.url.toString());
  const left = await direct.keys(`${prefix}*`);
  if (left.length) await direct.del(...left);
  direct.disconnect();
}

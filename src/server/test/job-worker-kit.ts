import pg from 'pg';
import type { JobName } from '../modules/jobs/job-queue';
import { startJobWorker, type JobHandlers } from '../modules/jobs/job-worker';
import { createTaskList } from '../task-list';
import { silentLog } from './silent-log';
import type { TestApp } from './test-app';

/**
 * A real job worker over the test app's database, running the shop's own handlers of `names`
 * (createTaskList), polling and checking for dead workers quickly. `stop` ends it and its pool.
 */
export async function startTestWorker(t: TestApp, names: JobName[]) {
  const pool = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 6 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const all = createTaskList(t.services).handlers as Record<string, unknown>;
  const handlers = Object.fromEntries(names.map((name) => [name, all[name]])) as JobHandlers;
  const worker = await startJobWorker({
    pool,
    handlers,
    recurring: [],
    log: silentLog,
    concurrency: 2,
    pollIntervalMs: 200,
    livenessIntervalMs: 300,
    livenessGraceSeconds: 0,
  });
  return {
    async stop() {
      await worker.stop();
      await pool.end();
    },
  };
}

/** Waits until `check` gives a value (polling every 50 ms), or fails after `ms`. */
export async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
